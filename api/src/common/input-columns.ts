import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { getMetadataArgsStorage } from 'typeorm';

/** A column of an entity that a request DTO writes: the property both share, and how the table stores it. */
export interface InputColumn {
  /** The DTO's field and the entity's property (`pname`, `disclosure`, `showFrom`…). */
  property: string;
  /** The column's name in the table (`show_from`). */
  column: string;
  /** Whether the column takes NULL (a null clears a nullable column; the DTOs refuse null for the others). */
  nullable: boolean;
}

/**
 * The columns of `entity` that `dto` writes: every column whose property is a field of the DTO, by its class-validator
 * rules. The global ValidationPipe refuses any other field with 400 (common/validation.ts `forbidNonWhitelisted`), so
 * the DTO is the allow-list of what a request may write; a field added to both the entity and the DTO is written,
 * restored and checked without a list to update (docs/decisions/0070-disclosure-label.md). In the entity's order.
 */
export function inputColumns(dto: Type<object>, entity: Type<object>): InputColumn[] {
  const fields = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((rule) => rule.propertyName),
  );
  return getMetadataArgsStorage()
    .columns.filter((column) => column.target === entity && fields.has(column.propertyName))
    .map((column) => ({
      property: column.propertyName,
      column: column.options.name ?? column.propertyName,
      nullable: column.options.nullable === true,
    }));
}
