import type { MouseEvent } from 'react';
import { Link } from '~/lib/link';
import { shell as copy } from '~/copy/shell';
import type { FooterData, FooterLink } from '~/lib/footer';
import classes from './SiteFooter.module.css';

function FooterAnchor({ link }: { link: FooterLink }) {
  if (!link.clickable) return <span className={classes.disabled}>{link.title}</span>;
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer">
        {link.title}
        <span className="visually-hidden">{copy.footer.opensInNewWindow}</span>
      </a>
    );
  }
  return <Link to={link.href}>{link.title}</Link>;
}

/** Closes the dropdown after a choice: the link itself opens in a new window. */
function closeDropdown(event: MouseEvent<HTMLAnchorElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open');
}

export function SiteFooter({ footer }: { footer: FooterData }) {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <div className={`page-container ${classes.columns}`}>
        <div>
          <p className={classes.brandName}>{copy.site.name}</p>
          <p>{copy.site.slogan}</p>
          <p>{copy.footer.hostedBy}</p>
        </div>
        <nav aria-labelledby="footer-messages">
          <h2 id="footer-messages" className={classes.heading}>
            {copy.footer.messages}
          </h2>
          <ul className={classes.links}>
            {footer.messageLinks.map((link) => (
              <li key={`${link.title}-${link.href}`}>
                <FooterAnchor link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-related">
          <h2 id="footer-related" className={classes.heading}>
            {copy.footer.relatedSites}
          </h2>
          <ul className={classes.links}>
            {footer.relatedLinks.map((link) => (
              <li key={`${link.title}-${link.href}`}>
                <FooterAnchor link={link} />
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={classes.heading}>{copy.footer.friendlyLinks}</h2>
          <div className={classes.friendly}>
            {footer.friendlyGroups.map((group) => (
              <details key={group.title} className={classes.dropdown}>
                <summary>{group.title}</summary>
                <ul className={classes.dropdownList}>
                  {group.links.map((link) => (
                    <li key={`${link.title}-${link.href}`}>
                      <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={closeDropdown}>
                        {link.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </div>
        </div>
      </div>
      <div className={`page-container ${classes.bottom}`}>
        <span>{copy.footer.copyright(year)}</span>
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
          {copy.footer.filing}
        </a>
        <span>{copy.footer.policeFiling}</span>
        <Link to="/accessibility">{copy.footer.accessibility}</Link>
      </div>
    </footer>
  );
}
