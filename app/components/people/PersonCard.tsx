import type { ReactNode } from 'react';
import { Link } from '~/lib/link';
import { copy } from '~/copy';
import { Avatar } from './Avatar';
import classes from './people.module.css';

interface PersonCardProps {
  to: string;
  name: string;
  avatar?: string | null;
  /** Academic title: 教授, 研究员 … */
  title?: string | null;
  institution: string;
  fields: string[];
  /** A line under the institution (the journal a board member serves …). */
  note?: ReactNode;
  /** A last line (paper count …). */
  footer?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

/** A person as a card: the whole card links to their page (the name is the link). */
export function PersonCard({ to, name, avatar, title, institution, note, fields, footer, headingLevel = 'h2' }: PersonCardProps) {
  const Heading = headingLevel;
  return (
    <article className={classes.card}>
      <Avatar name={name} src={avatar} />
      <div className={classes.body}>
        <Heading className={classes.name}>
          <Link to={to} className={classes.cardLink}>
            {name}
          </Link>
          {title ? <span className={classes.title}>{title}</span> : null}
        </Heading>
        <p className={classes.institution}>{institution}</p>
        {note ? <p className={classes.institution}>{note}</p> : null}
        {fields.length ? (
          <ul className={classes.fields} aria-label={copy.expertPages.fields}>
            {fields.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
        ) : null}
        {footer ? <p className={classes.footer}>{footer}</p> : null}
      </div>
    </article>
  );
}
