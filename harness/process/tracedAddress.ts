/** A socket address as strace prints it: an IP address and port, or a unix socket path. */
export type TracedAddress =
  | { readonly family: 'ip'; readonly address: string; readonly port: number }
  /**
   * `path` as strace prints it: bytes that are not printable ASCII, `"` and `\` are C escapes (`\303`, `\"`), so
   * the server's own text is never a raw control or bidi character here. `abstract`: in the abstract namespace
   * (`@name`), which is per network namespace: the sandbox's own.
   */
  | { readonly family: 'unix'; readonly path: string; readonly abstract: boolean };
