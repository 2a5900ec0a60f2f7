import { Form, data, redirect } from 'react-router';
import { auth as copy } from '~/copy/auth';
import { shell } from '~/copy/shell';
import { readForm } from '~/lib/form-data.server';
import { PRIVATE } from '~/lib/route-policy';
import { isSameOriginRequest } from '~/lib/same-origin';
import { getSession } from '~/session/session.server';
import { clearPendingSignIn, readPendingSignIn, signedIn } from '~/session/sign-in.server';
import type { Route } from './+types/confirm-temporary';
import classes from './auth.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${copy.temporary.title} - ${shell.site.name}` }, { name: 'robots', content: 'noindex' }];

/**
 * /login/confirm: a start-up link (docs/product.md#startup) asked to sign this visitor in;
 * they see whose account it is and confirm, or decline. Nothing changes before they do.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const pending = readPendingSignIn(request, context);
  if (!pending || getSession(request, context)) throw redirect('/', { headers: { 'Set-Cookie': clearPendingSignIn(context) } });
  return { username: pending.session.user.username };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOriginRequest(request)) throw data(null, { status: 403 });
  const pending = readPendingSignIn(request, context);
  const confirmed = (await readForm(request)).get('intent') === 'confirm';
  // Declined, expired, or the visitor signed in meanwhile: nothing changes.
  if (!confirmed || !pending || getSession(request, context)) return redirect('/', { headers: { 'Set-Cookie': clearPendingSignIn(context) } });
  return signedIn(context, pending.session, pending.next, [clearPendingSignIn(context)]);
}

export default function ConfirmTemporarySignIn({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.loginPage}`}>
      <div className={classes.loginCard}>
        <h1 className={classes.confirmTitle}>{copy.temporary.title}</h1>
        <p>{copy.temporary.text(loaderData.username)}</p>
        <p className={classes.confirmHint}>{copy.temporary.hint}</p>
        <Form method="post" className={classes.confirmActions}>
          <button type="submit" name="intent" value="confirm" className={classes.confirmPrimary}>
            {copy.temporary.confirm}
          </button>
          <button type="submit" name="intent" value="decline" className={classes.confirmSecondary}>
            {copy.temporary.decline}
          </button>
        </Form>
      </div>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
