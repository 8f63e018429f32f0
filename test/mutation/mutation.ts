/** One hand mutation: a search and replace in one file, and the test files that must then fail. */
export interface Mutation {
  /** Unique, kebab-case; the package comes first. */
  readonly id: string;
  readonly file: string;
  /** Text found exactly once in `file`, replaced by `replace`. */
  readonly search: string;
  readonly replace: string;
  /** The test files that must fail (run together). */
  readonly tests: readonly string[];
}
