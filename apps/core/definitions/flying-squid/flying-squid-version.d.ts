// flying-squid ships no types for its version list; this is the part the definition reads.
declare module 'flying-squid/src/lib/version.js' {
  const versions: {
    testedVersions: string[];
    latestSupportedVersion: string;
    oldestSupportedVersion: string;
  };
  export = versions;
}
