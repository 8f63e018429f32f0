import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: enough to check who asked, for what, signed how. */
export interface SecretRequest {
  target: string | undefined;
  secretId: string;
  authorization: string;
}

/** A local stand-in for Secrets Manager's GetSecretValue (JSON protocol) holding one secret. */
export interface FakeSecretsManager {
  readonly endpoint: string;
  readonly requests: SecretRequest[];
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves GetSecretValue for `arn` with `secretString`, and records every request, so a test can say
 * the handler read the secret once per container, with the credentials Lambda gives it. The SDK
 * reaches it through AWS_ENDPOINT_URL_SECRETS_MANAGER, the environment variable it honours itself.
 * @example const sm = await startFakeSecretsManager(arn, 'k'.repeat(64));
 */
export async function startFakeSecretsManager(arn: string, secretString: string): Promise<FakeSecretsManager> {
  const requests: SecretRequest[] = [];
  const server = createServer((req, res) => {
    void body(req).then((text) => {
      const { SecretId } = JSON.parse(text || '{}') as { SecretId?: string };
      requests.push({
        target: req.headers['x-amz-target'] as string | undefined,
        secretId: SecretId ?? '',
        authorization: req.headers.authorization ?? '',
      });
      const found = SecretId === arn;
      res.writeHead(found ? 200 : 400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(
        JSON.stringify(
          found
            ? {
                ARN: arn,
                Name: 'token-secret',
                SecretString: secretString,
                VersionId: 'v1',
                VersionStages: ['AWSCURRENT'],
                CreatedDate: 1_795_000_000,
              }
            : { __type: 'ResourceNotFoundException', message: 'Secrets Manager can’t find the specified secret.' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
