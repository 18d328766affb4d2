export interface DemoAccount {
  email: string;
  displayName: string;
  description: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The built-in provider's sign-in page: one button per account, named by its e-mail. */
export function renderSignInPage(input: { uid: string; standsInFor: string; accounts: DemoAccount[] }): string {
  const rows = input.accounts
    .map(
      (a) => `<li><button type="submit" name="email" value="${escapeHtml(a.email)}">${escapeHtml(a.email)}</button>
        <span>${escapeHtml(a.description)}</span></li>`,
    )
    .join('\n');
  return page(`<h1>Vigil demo sign-in</h1>
<p class="notice">This is Vigil's built-in demo sign-in provider, standing in for ${escapeHtml(input.standsInFor)} because no
${escapeHtml(input.standsInFor)} client id is configured. It is for demonstrations and tests only.</p>
<p>Choose the account to sign in as:</p>
<form method="post" action="/interaction/${escapeHtml(input.uid)}/login"><ul>
${rows}
</ul></form>`);
}

/** What the demo provider shows when a sign-in request cannot go on (a bad redirect, an expired interaction). */
export function renderSignInError(error: { error: string; error_description?: string | undefined }): string {
  return page(`<h1>Vigil demo sign-in</h1>
<p class="notice">This sign-in cannot go on: ${escapeHtml(error.error_description ?? error.error)}.</p>
<p><a href="/">Back to Vigil</a> to start again.</p>`);
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vigil demo sign-in</title>
<style>
 body{font-family:system-ui,sans-serif;background:#f1f3f5;margin:0;padding:2rem 1rem;color:#212529}
 main{max-width:32rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
 .notice{background:#fff3bf;border-left:4px solid #f59f00;padding:.75rem;margin:1rem 0;font-size:.9rem}
 ul{list-style:none;padding:0;margin:0} li{display:flex;flex-direction:column;gap:.25rem;margin:.75rem 0}
 button{font-size:1rem;padding:.6rem .8rem;border:1px solid #228be6;background:#e7f5ff;color:#1864ab;border-radius:6px;cursor:pointer;text-align:left}
 button:hover{background:#d0ebff} span{font-size:.85rem;color:#495057}
</style></head>
<body><main>
${body}
</main></body></html>`;
}
