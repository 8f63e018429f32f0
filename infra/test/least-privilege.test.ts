import { TABLE } from '@chickenfoot/store/table';
import { describe, expect, it } from 'vitest';
import { TABLE_ACTIONS } from '../src/game-function';
import { SWEEPER_TABLE_ACTIONS } from '../src/sweeper-function';
import { storeDynamoActions } from './store-calls';
import { synth } from './synth';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

interface Policy {
  PolicyDocument: { Statement: Statement[] };
  Roles: { Ref: string }[];
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe('least privilege', () => {
  const { template, ids } = synth({ stage: 'prod', alarmEmail: 'ops@example.com' });
  const tableId = template.getResourceId('AWS::DynamoDB::Table');
  const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
  const policies = Object.values(template.findResources('AWS::IAM::Policy')).map((p) => p.Properties as Policy);
  /** The statements of one role's policies. */
  const statementsOf = (roleId: string): Statement[] =>
    policies.filter((p) => p.Roles.some((r) => r.Ref === roleId)).flatMap((p) => p.PolicyDocument.Statement);
  const statements = policies.flatMap((p) => p.PolicyDocument.Statement);
  const dynamoStatements = (roleId: string) =>
    statementsOf(roleId).filter((s) => list(s.Action).some((a) => a.startsWith('dynamodb:')));

  it('has two roles, one per function, with no managed policies; every policy is one of theirs', () => {
    const roles = template.findResources('AWS::IAM::Role');
    expect(Object.keys(roles).sort()).toEqual([ids.apiRole, ids.sweeperRole].sort());
    for (const role of Object.values(roles)) {
      expect(role.Properties).not.toHaveProperty('ManagedPolicyArns');
      expect(JSON.stringify(role.Properties)).toContain('lambda.amazonaws.com');
    }
    for (const policy of policies) expect(policy.Roles).toHaveLength(1);
    expect(statementsOf(ids.apiRole).length + statementsOf(ids.sweeperRole).length).toBe(statements.length);
  });

  it('lets the API do the DynamoDB actions the store sends, on this table only (Query on its indexes)', () => {
    expect([...TABLE_ACTIONS].sort()).toEqual(storeDynamoActions());
    const indexes = [...TABLE.globalSecondaryIndexes, ...TABLE.localSecondaryIndexes].map((i) => ({
      'Fn::Join': ['', [tableArn, `/index/${i.indexName}`]],
    }));
    const granted = dynamoStatements(ids.apiRole);
    expect(granted).toEqual([
      { Effect: 'Allow', Action: [...TABLE_ACTIONS].sort(), Resource: tableArn },
      // CloudFormation's policy takes a lone resource as itself, several as a list.
      {
        Effect: 'Allow',
        Action: 'dynamodb:Query',
        Resource: indexes.length === 1 ? indexes[0] : expect.arrayContaining(indexes),
      },
    ]);
    expect(list(granted[1]?.Resource)).toHaveLength(indexes.length);
  });

  it('lets the sweeper do the store’s work on this table, and Query the due index alone', () => {
    for (const action of SWEEPER_TABLE_ACTIONS) expect(storeDynamoActions()).toContain(action);
    expect(dynamoStatements(ids.sweeperRole)).toEqual([
      { Effect: 'Allow', Action: [...SWEEPER_TABLE_ACTIONS].sort(), Resource: tableArn },
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: { 'Fn::Join': ['', [tableArn, '/index/byDue']] } },
    ]);
    expect(TABLE.globalSecondaryIndexes.map((i) => i.indexName)).toContain('byDue');
  });

  it('lets the API read its two secrets, and only read them; the sweeper the VAPID one alone', () => {
    const secretIds = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    const ref = (prefix: string) => ({ Ref: secretIds.find((id) => id.startsWith(prefix)) });
    const secretStatements = (roleId: string) =>
      statementsOf(roleId).filter((s) => list(s.Action).some((a) => a.startsWith('secretsmanager:')));
    const read = (...prefixes: string[]) => ({
      Effect: 'Allow',
      Action: 'secretsmanager:GetSecretValue',
      Resource: prefixes.length === 1 ? ref(prefixes[0]!) : prefixes.map(ref),
    });
    // One statement (CDK merges the two grants), one ARN each: never a wildcard.
    expect(secretStatements(ids.apiRole)).toEqual([read('TokenSecret', 'VapidSecret')]);
    expect(secretStatements(ids.sweeperRole)).toEqual([read('VapidSecret')]);
  });

  it('lets each function write logs to its own log group only', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    for (const [fnId, roleId] of [
      [ids.api, ids.apiRole],
      [ids.sweeper, ids.sweeperRole],
    ] as const) {
      const fn = functions[fnId]?.Properties as { LoggingConfig: { LogGroup: { Ref: string } } };
      const logGroup = { 'Fn::GetAtt': [fn.LoggingConfig.LogGroup.Ref, 'Arn'] };
      expect(statementsOf(roleId).filter((s) => list(s.Action).includes('logs:PutLogEvents'))).toEqual([
        { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: logGroup },
      ]);
    }
  });

  it('has no wildcard action anywhere, and "*" as a resource only for X-Ray, which has no resource ARNs', () => {
    expect(statements.flatMap((s) => list(s.Action)).filter((a) => a.includes('*'))).toEqual([]);
    const xray = { Effect: 'Allow', Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Resource: '*' };
    for (const roleId of [ids.apiRole, ids.sweeperRole]) {
      expect(statementsOf(roleId).filter((s) => list(s.Resource).includes('*'))).toEqual([xray]);
    }
  });
});
