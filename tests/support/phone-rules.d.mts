/** What `measurePhonePage` finds on a page. */
export interface PhoneReport {
  viewportWidth: number;
  scrollWidth: number;
  /** The main heading and the first paragraph of what is being read, where they fall short. */
  outside: string[];
  /** Elements of the content past the right edge (first six). */
  wide: string[];
  /** Links, buttons, fields and summaries under 44 px tall. */
  smallTargets: string[];
  /** Text set under 12 px. */
  smallText: string[];
}
export function measurePhonePage(scope: string): PhoneReport;
export const PHONE_VIEWPORTS: readonly { width: number; height: number }[];
