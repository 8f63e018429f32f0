/** The token-signing secret, or a way to fetch it once (e.g. from AWS Secrets Manager) on first use. */
export type SecretSource = string | (() => Promise<string>);

/** The shortest signing secret accepted: 32 bytes of entropy written as text. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Resolves a secret source once and remembers it; a failed fetch is retried on the next call.
 * @example const secret = lazySecret(() => fetchFromSecretsManager(arn)); await secret();
 */
export function lazySecret(source: SecretSource): () => Promise<string> {
  let pending: Promise<string> | null = null;
  return () => {
    pending ??= (typeof source === 'string' ? Promise.resolve(source) : source()).then(
      (secret) => {
        if (secret.length < MIN_SECRET_LENGTH)
          throw new Error(`the token-signing secret must be at least ${MIN_SECRET_LENGTH} characters`);
        return secret;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
}
