// The functions of semver (a devDependency, CommonJS, without types) that the README test uses.
declare module 'semver' {
  const semver: {
    satisfies(version: string, range: string): boolean;
    /** The lowest version `range` accepts (null when none). */
    minVersion(range: string): { major: number; minor: number; patch: number } | null;
  };
  export default semver;
}
