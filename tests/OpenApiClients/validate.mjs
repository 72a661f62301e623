// Validates each OpenAPI document named on the command line with @apidevtools/swagger-parser (schema + references);
// prints one line per document and exits non-zero when any is invalid.
import SwaggerParser from "@apidevtools/swagger-parser";

let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    await SwaggerParser.validate(file);
    console.log(`swagger-parser: ${file}: valid`);
  } catch (error) {
    failed++;
    const details = error.details ? JSON.stringify(error.details, null, 1).slice(0, 4000) : "";
    console.log(`swagger-parser: ${file}: INVALID: ${error.message.slice(0, 2000)} ${details}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
