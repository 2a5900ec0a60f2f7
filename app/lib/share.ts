/** A share description longer than 100 characters is cut to 97 plus an ellipsis (docs/product.md#validation). */
const MAX_DESCRIPTION = 100;
const CUT_TO = 97;

export function shareDescription(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > MAX_DESCRIPTION ? `${chars.slice(0, CUT_TO).join('')}...` : chars.join('');
}

export function qqShareUrl(url: string, title: string, description: string): string {
  const params = new URLSearchParams({ url, title, desc: shareDescription(description), summary: shareDescription(description) });
  return `https://connect.qq.com/widget/shareqq/index.html?${params.toString()}`;
}

export function weiboShareUrl(url: string, title: string): string {
  const params = new URLSearchParams({ url, title });
  return `https://service.weibo.com/share/share.php?${params.toString()}`;
}
