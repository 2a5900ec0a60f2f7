/** The page of a manuscript in the personal centre; its downloads, retraction and payment live below it. */
export const manuscriptPath = (id: number | string) => `/personal/manuscripts/${id}`;
