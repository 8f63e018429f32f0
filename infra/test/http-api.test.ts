import { CORS_POLICY } from '@chickenfoot/api/cors';
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

  it("answers CORS preflights for browser clients with the API's policy: every method and header of the contract, no cookies", () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: {
        AllowOrigins: ['*'],
        AllowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        AllowHeaders: [...CORS_POLICY.allowHeaders],
        ExposeHeaders: [...CORS_POLICY.exposeHeaders],
        AllowCredentials: false,
        MaxAge: 3600,
      },
    });
    // The policy itself is held to the contract (packages/api/src/http/cors.test.ts); these are
    // what a browser client needs to delete an account, preview an invitation, and pace itself.
    expect(CORS_POLICY.allowHeaders).toEqual(expect.arrayContaining(['if-match', 'invite-code', 'idempotency-key']));
    expect(CORS_POLICY.exposeHeaders).toEqual(expect.arrayContaining(['etag', 'ratelimit', 'idempotent-replayed']));
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
