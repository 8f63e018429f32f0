// The one function of semver (a devDependency, CommonJS, without types) that the README test uses.
declare module 'semver' {
  const semver: { satisfies(version: string, range: string): boolean };
  export default semver;
}
