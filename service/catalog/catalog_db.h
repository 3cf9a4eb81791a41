/* catalog_db.h -- the tile catalog from SQLite into engine structs.
 *
 * Owns: reading a catalog database (schema/schema.sql) once at start and
 * turning it into an immutable cc_catalog. The default database is built
 * from schema/ at build time and linked into the binary; an option may name
 * another file instead. No SQLite call happens after start.
 *
 * Ownership: catalog_load_*() allocate cat->types and cat->names (the
 * hash table of ids and aliases cc_catalog_find() looks in); catalog_free()
 * frees them.
 * On error the catalog is left empty and errbuf says why.
 */
#ifndef CATALOG_DB_H
#define CATALOG_DB_H

#include <stdbool.h>
#include <stddef.h>

#include "../../engine/catalog.h"

/* Load the embedded default catalog. */
bool catalog_load_default(cc_catalog *cat, char *errbuf, size_t errlen);

/* Load the catalog from a database file (opened read-only). */
bool catalog_load_file(const char *path, cc_catalog *cat, char *errbuf, size_t errlen);

void catalog_free(cc_catalog *cat);

#endif
