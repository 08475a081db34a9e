import { Migration } from '@mikro-orm/migrations';

/**
 * A PDF waiting for its analysis is stored as it came, out of line and not compressed again: its streams are
 * compressed already, and PostgreSQL's own compression of a 700 KB PDF took about three quarters of the time
 * of writing its pending row, inside the transaction that takes the credit (ADR 0017).
 */
export class Migration0016UncompressedPendingDocuments extends Migration {
  override name = '0016-uncompressed-pending-documents';

  override up(): void {
    this.addSql(`alter table pending_analyses alter column document_bytes set storage external`);
  }

  override down(): void {
    this.addSql(`alter table pending_analyses alter column document_bytes set storage extended`);
  }
}
