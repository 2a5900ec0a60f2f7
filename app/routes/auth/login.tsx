import { redirect } from 'react-router';
import { LoginPanel } from '~/components/login/LoginPanel';
import { auth as copy } from '~/copy/auth';
import { shell } from '~/copy/shell';
import { isAuthorSession } from '~/session/guard.server';
import { pageContext, parseLoginMode, signedInTarget } from '~/session/login-url';
import { getSession } from '~/session/session.server';
import { loadLoginPanel, signInAction } from './login.server';
import type { Route } from './+types/login';
import classes from './auth.module.css';
import { PRIVATE } from '~/lib/route-policy';

// The title is rendered by the page (React puts it in <head>): it shows the error of a refused form, which meta cannot see.
export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

/** /login: the sign-in forms as a page (no footer). A signed-in author goes on to where signing in would lead. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (isAuthorSession(getSession(request, context))) throw redirect(signedInTarget(pageContext(url.searchParams)));
  const mode = parseLoginMode(url.searchParams.get('login')) ?? 'userLogin';
  return { panel: await loadLoginPanel(request, context, mode) };
}

/** Every sign-in form of the popup and of this page posts here (see login.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context);
}

/** The first error a refused sign-in answered with: the form's own, or else a field's. */
function firstError(actionData: Route.ComponentProps['actionData']): string | undefined {
  const errors = actionData?.result.error;
  if (!errors) return undefined;
  return errors['']?.[0] ?? Object.values(errors).find((messages) => messages?.length)?.[0];
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript a refused form comes back as this page: its title says so first.
  const error = firstError(actionData);
  const title = `${copy.pageTitle} - ${shell.site.name}`;
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.loginPage}`}>
      <title>{error ? `${copy.errorTitle(error)} - ${title}` : title}</title>
      <div className={classes.loginIntro}>
        <h1>{shell.site.name}</h1>
        <p>{shell.site.slogan}</p>
        <p>{copy.pageIntro}</p>
      </div>
      <div className={classes.loginCard}>
        <LoginPanel data={loaderData.panel} actionData={actionData} surface="page" />
      </div>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
