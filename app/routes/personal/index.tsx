import { Link } from 'react-router';
import { auth as copy } from '~/copy/auth';
import { shell } from '~/copy/shell';
import { requireAuthor } from '~/session/guard.server';
import type { Route } from './+types/index';
import classes from '../auth/auth.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${copy.personal.title} - ${shell.site.name}` }, { name: 'robots', content: 'noindex' }];

/** /personal: a placeholder of the personal centre, guarded (spec §4 Guard). Replaced by the personal-centre work. */
export function loader({ request, context }: Route.LoaderArgs) {
  const session = requireAuthor(request, context);
  return { username: session.user.username };
}

export default function Personal({ loaderData }: Route.ComponentProps) {
  const links = [
    { to: '/personal/index', label: copy.personal.links.manuscripts },
    { to: '/personal/account', label: copy.personal.links.account },
    { to: '/personal/histroy', label: copy.personal.links.history },
    { to: '/personal/message', label: copy.personal.links.messages },
    { to: '/upload', label: copy.personal.links.upload },
  ];
  return (
    <main id="main" className={`page-container ${classes.personal}`}>
      <h1>{copy.personal.title}</h1>
      <p>{copy.personal.welcome(loaderData.username)}</p>
      <p>{copy.personal.intro}</p>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
