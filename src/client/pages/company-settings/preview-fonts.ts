/**
 * The web fonts of the PDF settings (spec §3 fontFamily), loaded in the browser so that the preview and
 * the font select show each font in itself. Helvetica, Times and Courier need nothing: FONT_STACKS
 * names the installed stand-ins.
 */
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/700.css';
import '@fontsource/open-sans/400.css';
import '@fontsource/open-sans/700.css';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/playfair-display/400.css';
import '@fontsource/playfair-display/700.css';
