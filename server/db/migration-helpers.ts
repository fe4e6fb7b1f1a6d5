import type { CreateTableBuilder } from "kysely";

export type MigrationDialect = "sqlite" | "postgres";

/**
 * The one place migrations differ between the two databases: an
 * auto-incrementing integer primary key named `id`.
 */
export function autoIncrementId(dialect: MigrationDialect) {
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    dialect === "postgres"
      ? table.addColumn("id", "bigint", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
