/**
 * The cookie that shows the contact page's "sent" message once after a form posted without JavaScript
 * (app/lib/contact.server.ts sets it). The server shares the contact page between visitors only without it.
 */
export const CONTACT_FLASH_COOKIE = "wp_contact_sent";
