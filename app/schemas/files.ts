import './zod-config';
import { z } from 'zod';

/** A chosen file: a browser File, or the name and size the server read from an upload. */
export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * A file field's value, or `required` when none was chosen: a file input left empty posts a
 * nameless, empty file, which is no file. The type and size rules follow with `.refine`.
 */
export function chosenFile<File extends ChosenFile = ChosenFile>(required: string) {
  return z.custom<File>(
    (v) => typeof v === 'object' && v !== null && typeof (v as ChosenFile).name === 'string' && (v as ChosenFile).name !== '' && (v as ChosenFile).size > 0,
    {
      error: required,
    },
  );
}
