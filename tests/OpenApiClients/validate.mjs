// Validates each OpenAPI document named on the command line with @apidevtools/swagger-parser (schema + references);
// prints one line per document and exits non-zero when any is invalid.
import { readFile } from "node:fs/promises";
import SwaggerParser from "@apidevtools/swagger-parser";

// Swashbuckle 11 writes 3.1 documents as "3.1.2", a patch release of the text with the same schema as 3.1.1, which this
// swagger-parser (10.1.1) does not know by number yet: validate such a document as 3.1.1.
const knownVersion = (version) => (/^3\.1\.\d+$/.test(version) && !["3.1.0", "3.1.1"].includes(version) ? "3.1.1" : version);

let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const document = JSON.parse(await readFile(file, "utf8"));
    document.openapi = knownVersion(document.openapi);
    await SwaggerParser.validate(document);
    console.log(`swagger-parser: ${file}: valid`);
  } catch (error) {
    failed++;
    const details = error.details ? JSON.stringify(error.details, null, 1).slice(0, 4000) : "";
    console.log(`swagger-parser: ${file}: INVALID: ${error.message.slice(0, 2000)} ${details}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
