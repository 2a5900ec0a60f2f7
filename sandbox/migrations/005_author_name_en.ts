// Authors' English names, as journals keep them beside the Chinese ones for English
// abstracts and citations ("Wu Kaichen"). Null where the journal has none.
export const name = '005_author_name_en';

export const sql = /* sql */ `
ALTER TABLE article_authors ADD COLUMN name_en TEXT;
`;
