import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synth } from './synth';

describe('the HTTP API', () => {
  const dev = synth();
  const { template } = dev;
  const functionArn = { 'Fn::GetAtt': [dev.ids.api, 'Arn'] };

  it('is an HTTP API (API Gateway v2) sending every route to the function, payload format 2.0', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: functionArn,
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$default' });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'apigateway.amazonaws.com',
      FunctionName: functionArn,
    });
  });

  it('throttles the default route explicitly and deploys on change', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });

  it('writes JSON access logs, with the request id, to a log group of its own', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0]?.Properties as {
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [string, string] }; Format: string };
    };
    const logGroup = stage.AccessLogSettings.DestinationArn['Fn::GetAtt'][0];
    expect(template.toJSON().Resources[logGroup]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 7 },
    });
    const format = JSON.parse(stage.AccessLogSettings.Format) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      integrationError: '$context.integrationErrorMessage',
    });
  });

  it('answers CORS preflights for browser clients: the headers the API reads, the ETag it sets, no cookies', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: {
        AllowOrigins: ['*'],
        AllowMethods: ['GET', 'POST'],
        AllowHeaders: ['authorization', 'content-type', 'if-match', 'if-none-match', 'idempotency-key'],
        ExposeHeaders: ['etag', 'location', 'retry-after', 'x-request-id'],
        AllowCredentials: false,
        MaxAge: 3600,
      },
    });
  });

  it('takes the allowed origins from context', () => {
    synth({ allowedOrigins: 'https://play.example.com, https://chickenfoot.example' }).template.hasResourceProperties(
      'AWS::ApiGatewayV2::Api',
      {
        CorsConfiguration: Match.objectLike({
          AllowOrigins: ['https://play.example.com', 'https://chickenfoot.example'],
        }),
      },
    );
  });

  it('outputs the API URL and the docs URL', () => {
    const endpoint = { 'Fn::GetAtt': [template.getResourceId('AWS::ApiGatewayV2::Api'), 'ApiEndpoint'] };
    template.hasOutput('ApiUrl', { Value: endpoint });
    template.hasOutput('DocsUrl', { Value: { 'Fn::Join': ['', [endpoint, '/docs']] } });
  });
});
