import { createHash } from 'node:crypto';

/**
 * The page's own stylesheet, inline (one request less on a phone) and allowed by its hash in the
 * page's CSP, so no other inline style can apply. Colours follow the app's tokens, light and dark by
 * the visitor's own setting. Without `:has()` every part of the form stays visible; with it, the
 * fields of the decision not chosen are folded away. No user data is ever written into it.
 */
export const PAGE_CSS = `
:root{color-scheme:light dark;--bg:#f6f7f9;--surface:#fff;--surface-2:#f4f5f7;--border:#e4e7ec;--border-input:#8d95a3;
--text:#0f1524;--text-2:#475063;--accent:#1e40af;--accent-hover:#17328c;--accent-text:#1e40af;--on-accent:#fff;
--accent-subtle:#eef2fd;--focus:#3766ea;--red:#b42318;--red-bg:#fdeeed;--red-border:#f6c9c5;--green:#166534;
--green-bg:#e9f7ef;--green-border:#bfe5cd;--amber:#8f3f0b;--amber-bg:#fef4e4;--amber-border:#f8d9a6}
@media (prefers-color-scheme:dark){:root{--bg:#0b0d12;--surface:#13161d;--surface-2:#191d26;--border:#2a303c;
--border-input:#5c6576;--text:#e9ebf0;--text-2:#a7aebb;--accent:#3158d4;--accent-hover:#3a62e0;--accent-text:#92b0ff;
--on-accent:#fff;--accent-subtle:rgb(74 116 240/.14);--focus:#6b93ff;--red:#ffa39b;--red-bg:rgb(240 68 56/.13);
--red-border:rgb(240 68 56/.4);--green:#6ee2a0;--green-bg:rgb(34 197 94/.12);--green-border:rgb(34 197 94/.3);
--amber:#fcc466;--amber-bg:rgb(245 158 11/.12);--amber-border:rgb(245 158 11/.3)}
.seller img{background:#fff;padding:.25rem}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.page{max-width:52rem;margin:0 auto;padding:1rem .75rem 2rem}
h1,h2,h3,p,dl,dd,ul{margin:0}
h1{font-size:1.5rem;line-height:1.25}
h2{font-size:1.125rem;line-height:1.3;margin-bottom:.75rem}
h3{font-size:.8125rem;font-weight:600;color:var(--text-2);text-transform:uppercase;letter-spacing:.04em;margin-bottom:.25rem}
a{color:var(--accent-text);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.muted{color:var(--text-2)}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.card{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:1.25rem 1rem;margin-top:1rem}
.seller{display:flex;gap:1rem;align-items:center;padding:.25rem .25rem 0}
.seller img{object-fit:contain;flex:none;border-radius:6px}
.seller-name{font-weight:700;font-size:1.0625rem}
.seller-lines{font-size:.875rem;color:var(--text-2)}
.seller-lines span{display:inline-block}.seller-lines span:not(:last-child){margin-right:.375rem}
.seller-lines span:not(:last-child)::after{content:"\\00a0·"}
.eyebrow{font-size:.8125rem;font-weight:600;color:var(--text-2);text-transform:uppercase;letter-spacing:.06em}
.intro{margin-top:.5rem;color:var(--text-2)}
.meta{display:flex;flex-wrap:wrap;gap:.5rem 2rem;margin-top:1rem}
.meta dt{font-size:.8125rem;color:var(--text-2)}
.meta dd{font-weight:600}
.parties{display:grid;gap:1rem;margin-top:1.25rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}
.parties p{overflow-wrap:anywhere}.parties p+h3{margin-top:.75rem}
.lines{width:100%;border-collapse:collapse;margin-top:1.5rem;font-size:.9375rem}
.lines caption{text-align:left;font-weight:700;font-size:1.125rem;margin-bottom:.5rem}
.lines th{font-size:.8125rem;font-weight:600;color:var(--text-2);text-align:left;padding:.5rem;border-bottom:2px solid var(--border)}
.lines th.num{text-align:right}
.lines td{padding:.625rem .5rem;border-bottom:1px solid var(--border);vertical-align:top}
.lines .desc{overflow-wrap:anywhere;white-space:pre-line}
.totals{margin:1rem 0 0 auto;border-collapse:collapse;min-width:16rem;font-size:.9375rem}
.totals th{text-align:left;font-weight:400;padding:.25rem 1rem .25rem 0}
.totals td{padding:.25rem 0}
.totals small{display:block;color:var(--text-2);font-size:.8125rem}
.totals .grand th,.totals .grand td{font-weight:700;font-size:1.125rem;border-top:2px solid var(--border);padding-top:.5rem}
.reverse{margin-top:1rem;font-weight:600}
.vat-notice{margin-top:1rem;padding:.75rem 1rem;border-left:4px solid var(--accent);background:var(--accent-subtle);border-radius:4px}
.vat-notice p{font-weight:600}
.vat-notice .muted{font-weight:400;font-size:.875rem}
.downloads{display:flex;flex-wrap:wrap;gap:.75rem}
.download{display:flex;flex-direction:column;flex:1 1 14rem;padding:.75rem 1rem;border:1px solid var(--border);border-radius:8px;text-decoration:none;background:var(--surface-2)}
.download strong{text-decoration:underline;text-underline-offset:.15em}
.download span{font-size:.875rem;color:var(--text-2)}
.download:hover{border-color:var(--accent-text)}
.notice{padding:.75rem 1rem;border-radius:8px;border:1px solid;margin-bottom:1rem}
.notice-success{background:var(--green-bg);border-color:var(--green-border);color:var(--green)}
.notice-error{background:var(--red-bg);border-color:var(--red-border);color:var(--red)}
.notice-info{background:var(--amber-bg);border-color:var(--amber-border);color:var(--amber)}
.notice h2{font-size:1rem;margin-bottom:.25rem;color:inherit}
.notice ul{padding-left:1.25rem}
.notice a{color:inherit}
.answer-list{display:grid;gap:.5rem;grid-template-columns:max-content 1fr}
.answer-list dt{color:var(--text-2)}
.answer-list dd{overflow-wrap:anywhere;white-space:pre-line}
.changes-title{margin-top:1.25rem}.changes{margin-top:.5rem;padding-left:1.25rem}.changes+p{margin-top:.5rem}
.changes li+li{margin-top:.5rem}
fieldset{border:0;padding:0;margin:0 0 1.25rem;min-width:0}
legend{font-weight:700;padding:0;margin-bottom:.5rem}
.choices{display:grid;gap:.5rem}
.choice{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem;border:1px solid var(--border);border-radius:8px;background:var(--surface-2)}
.choice:has(input:checked){border-color:var(--accent-text);background:var(--accent-subtle)}
.choice label{flex:1;cursor:pointer}
.choice label span{display:block;font-size:.875rem;color:var(--text-2)}
input[type=radio]{width:1.25rem;height:1.25rem;margin:.15rem 0 0;accent-color:var(--accent);flex:none}
.field{margin-bottom:1.25rem}
.field>label,.field-label{display:block;font-weight:600;margin-bottom:.25rem}
.field label small,.hint{font-weight:400;color:var(--text-2);font-size:.875rem}
.hint{display:block;margin:-.125rem 0 .375rem}
input[type=text],input[type=date],textarea{display:block;width:100%;max-width:28rem;font:inherit;color:var(--text);background:var(--surface);
border:1px solid var(--border-input);border-radius:6px;padding:.5rem .625rem;min-height:2.75rem}
textarea{max-width:none;min-height:6rem;resize:vertical}
input[type=date]{max-width:12rem}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--red);border-width:2px}
.field-error{color:var(--red);font-weight:600;font-size:.9375rem;margin:.25rem 0}
.line-choice{padding:.75rem;border:1px solid var(--border);border-radius:8px;margin-bottom:.75rem}
.line-choice legend{font-weight:600;float:left;width:100%;margin-bottom:.5rem;overflow-wrap:anywhere}
.line-choice legend small{display:block;font-weight:400;color:var(--text-2)}
.line-options{clear:both;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem}
.line-options div{display:flex;gap:.5rem;align-items:center}
.line-options input[type=radio]{margin:0}
.line-change{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));margin-top:.75rem}
.line-change .field{margin:0}
.when-accept,.when-change{margin-bottom:1.25rem}
.when-reject{display:none}
@supports selector(:has(*)){
form:has(#decision-reject:checked) .when-reject{display:inline}form:has(#decision-reject:checked) .unless-reject{display:none}
.when-accept,.when-change,.line-change{display:none}
form:has(#decision-accept:checked) .when-accept,form:has(#decision-change:checked) .when-change{display:block}
.line-choice:has(.status-changed:checked) .line-change{display:grid}}
button{font:inherit;font-weight:600;color:var(--on-accent);background:var(--accent);border:0;border-radius:8px;padding:.75rem 1.5rem;min-height:2.75rem;cursor:pointer}
button:hover{background:var(--accent-hover)}
.message .eyebrow{margin-bottom:.25rem}
.message p+p{margin-top:.75rem}
footer{margin-top:1.5rem;font-size:.8125rem;color:var(--text-2);text-align:center}
@media (max-width:40rem){
.card{padding:1rem .875rem}
.seller{flex-direction:column;align-items:flex-start;gap:.5rem}
.lines thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.lines,.lines tbody,.lines tr,.lines td{display:block}
.lines tr{display:flex;flex-wrap:wrap;gap:.125rem .75rem;padding:.625rem 0;border-bottom:1px solid var(--border)}
.lines td{padding:0;border:0}
.lines td.desc{flex-basis:100%;font-weight:600}
.lines td.num{text-align:left;font-size:.875rem;color:var(--text-2)}
.lines td[data-label]::before{content:attr(data-label) " "}
.lines td.line-total{margin-left:auto;color:var(--text);font-size:.9375rem;font-weight:600}
.totals{width:100%;min-width:0}
.answer-list{grid-template-columns:1fr}
.answer-list dd{margin-bottom:.5rem}
button{width:100%}}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`
  .trim()
  .replace(/\n/g, '');

/** The CSP source that allows exactly PAGE_CSS. */
export const PAGE_CSS_HASH = `'sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}'`;
