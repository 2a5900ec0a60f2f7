import page from '~/components/reading/page.module.css';

/** Research fields of an expert or a board member, as tags. */
export function FieldTags({ fields }: { fields: string[] }) {
  return (
    <ul className={page.tags}>
      {fields.map((field) => (
        <li key={field}>{field}</li>
      ))}
    </ul>
  );
}
