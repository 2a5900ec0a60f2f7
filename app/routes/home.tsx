import { copy } from '~/copy';
import type { Route } from './+types/home';
import classes from './home.module.css';

export const meta: Route.MetaFunction = () => [
  { title: `${copy.site.name} - ${copy.site.slogan}` },
  { name: 'description', content: copy.site.description },
];

export default function Home() {
  return (
    <main id="main">
      <section className={classes.hero}>
        <div className={`page-container ${classes.heroInner}`}>
          <h1 className={classes.heroTitle}>{copy.home.heroTitle}</h1>
          <p className={classes.heroSubtitle}>{copy.home.heroSubtitle}</p>
        </div>
      </section>
    </main>
  );
}
