// Modules made by the locale-groups build plugin (localeGroups.ts): a part of a locale file's groups.
declare module '*.json?groups=sign-in' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?groups=rest' {
  const strings: Record<string, unknown>;
  export default strings;
}
