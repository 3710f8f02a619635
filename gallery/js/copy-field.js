// @ts-check
// Copy a text field's value to the clipboard: the async clipboard where the page may use it, else
// the old selection copy (plain http on another host has no async clipboard). The viewer's "Copy".

/**
 * Copy `field`'s value; false when the browser refused both ways (the text is then left selected,
 * for the user's Ctrl+C). @param {HTMLInputElement | HTMLTextAreaElement} field @returns {Promise<boolean>}
 */
export async function copyField(field) {
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    // No async clipboard (plain http on another host, or permission refused): fall back below.
  }
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
