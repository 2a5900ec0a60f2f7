import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The journal's blue, light to dark. */
const journalBlue: MantineColorsTuple = [
  '#e8f1ff',
  '#d0e0ff',
  '#a0bffa',
  '#6c9cf6',
  '#447ef2',
  '#2b6bf0',
  '#1c61f0',
  '#0c51d6',
  '#0047c0',
  '#003caa',
];

export const theme = createTheme({
  primaryColor: 'journal',
  primaryShade: 7,
  colors: { journal: journalBlue },
  // The root font size is width/192 (10px at 1920px): Mantine's rem sizes assume 16px.
  scale: 1.6,
  fontFamily: '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif',
  headings: { fontFamily: '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
});
