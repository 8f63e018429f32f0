import { TABLE } from '@chickenfoot/store/table';
import { describe, expect, it } from 'vitest';
import { TABLE_ACTIONS } from '../src/game-function';
import { storeDynamoActions } from './store-calls';
import { synth } from './synth';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe('least privilege', () => {
  const { template } = synth({ stage: 'prod', alarmEmail: 'ops@example.com' });
  const tableId = template.getResourceId('AWS::DynamoDB::Table');
  const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
  const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (policy) => (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement,
  );
  const statementFor = (action: string): Statement[] => statements.filter((s) => list(s.Action).includes(action));

  it('has one role, for the function, with no managed policies', () => {
    const roles = Object.values(template.findResources('AWS::IAM::Role'));
    expect(roles).toHaveLength(1);
    expect(roles[0]?.Properties).not.toHaveProperty('ManagedPolicyArns');
    expect(JSON.stringify(roles[0]?.Properties)).toContain('lambda.amazonaws.com');
  });

  it('grants the DynamoDB actions the store sends, on this table only', () => {
    expect([...TABLE_ACTIONS].sort()).toEqual(storeDynamoActions());
    const tableStatements = statements.filter((s) => list(s.Action).some((a) => a.startsWith('dynamodb:')));
    expect(tableStatements).toEqual(
      expect.arrayContaining([{ Effect: 'Allow', Action: [...TABLE_ACTIONS].sort(), Resource: tableArn }]),
    );
    const indexes = [...TABLE.globalSecondaryIndexes, ...TABLE.localSecondaryIndexes].map((i) => ({
      'Fn::Join': ['', [tableArn, `/index/${i.indexName}`]],
    }));
    expect(tableStatements).toEqual([
      { Effect: 'Allow', Action: [...TABLE_ACTIONS].sort(), Resource: tableArn },
      // CloudFormation's policy takes a lone resource as itself, several as a list.
      {
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexes.length === 1 ? indexes[0] : expect.arrayContaining(indexes),
      },
    ]);
    expect(list(tableStatements[1]?.Resource)).toHaveLength(indexes.length);
  });

  it('may read the one secret, and only read it', () => {
    const secretRef = { Ref: template.getResourceId('AWS::SecretsManager::Secret') };
    expect(statements.filter((s) => list(s.Action).some((a) => a.startsWith('secretsmanager:')))).toEqual([
      { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: secretRef },
    ]);
  });

  it('writes logs to its own log group only', () => {
    const fn = Object.values(template.findResources('AWS::Lambda::Function'))[0]?.Properties as {
      LoggingConfig: { LogGroup: { Ref: string } };
    };
    const logGroup = { 'Fn::GetAtt': [fn.LoggingConfig.LogGroup.Ref, 'Arn'] };
    expect(statementFor('logs:PutLogEvents')).toEqual([
      { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: logGroup },
    ]);
  });

  it('has no wildcard action anywhere, and "*" as a resource only for X-Ray, which has no resource ARNs', () => {
    expect(statements.flatMap((s) => list(s.Action)).filter((a) => a.includes('*'))).toEqual([]);
    const starred = statements.filter((s) => list(s.Resource).includes('*'));
    expect(starred).toEqual([
      { Effect: 'Allow', Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Resource: '*' },
    ]);
  });
});
