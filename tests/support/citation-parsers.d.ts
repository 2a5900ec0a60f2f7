// Minimal types for the test-only parsers and engines that ship none.
declare module 'citeproc' {
  interface Sys {
    retrieveLocale(lang: string): string | undefined;
    retrieveItem(id: string): unknown;
  }
  interface Engine {
    setOutputFormat(format: 'text' | 'html' | 'rtf'): void;
    updateItems(ids: string[]): void;
    makeBibliography(): [unknown, string[]] | false;
  }
  const CSL: { Engine: new (sys: Sys, style: string, lang?: string, forceLang?: boolean) => Engine };
  export default CSL;
}

declare module '@citation-js/core' {
  class Cite {
    static async(input: string): Promise<Cite>;
    data: unknown[];
  }
  export { Cite };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';

declare module '@adobe/structured-data-validator' {
  class Validator {
    constructor(schemaOrgJson: unknown);
    validate(data: {
      jsonld: Record<string, object[]>;
      microdata: object;
      rdfa: object;
      errors: unknown[];
    }): Promise<{ issueMessage: string; severity: 'ERROR' | 'WARNING'; rootType?: string }[]>;
  }
  export default Validator;
}
