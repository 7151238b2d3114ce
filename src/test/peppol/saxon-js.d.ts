// saxon-js ships no types: only what the Peppol harness (validate.ts) calls.
declare module 'saxon-js' {
  type TransformOptions = {
    stylesheetInternal: unknown;
    sourceText: string;
    destination: 'raw';
  };
  type XPathOptions = {
    namespaceContext?: Record<string, string>;
    params?: Record<string, unknown>;
    resultForm?: 'array' | 'iterator' | 'default';
  };
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: unknown };
    XPath: { evaluate(xpath: string, context: unknown, options?: XPathOptions): unknown };
  };
  export default SaxonJS;
}
