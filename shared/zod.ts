import { z } from "zod";

// Browser code imports zod from here. The CSP forbids eval, and zod would probe
// for it (with `new Function`) to compile faster parsers, which the browser
// reports as a CSP violation; jitless mode never tries.
z.config({ jitless: true });

export { z };
