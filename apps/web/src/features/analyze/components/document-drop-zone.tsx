import { useEffect, useId, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { checkDocumentFiles, formatFileSize } from '../utils/document-file.ts';

type DocumentDropZoneProps = {
  file: File | null;
  onFile: (file: File | null) => void;
  /** A file that is not one PDF of at most 10 MB; the message says why. */
  onReject: (message: string) => void;
  disabled?: boolean;
  /** The file input's name; a page with two documents names each ("Earlier version PDF"). */
  label?: string;
};

/**
 * Upload PDF (docs/product/screens.md "Analyze page", docs/product/screens.md "Form checks"): drop a file on the zone, or choose one. Choose File is a real button, reached
 * with Tab and pressed with Enter or Space; a click anywhere on the zone does the same for the mouse.
 */
export function DocumentDropZone({ file, onFile, onReject, disabled = false, label = 'PDF document' }: DocumentDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  // Remove takes its own button away: focus goes to Choose File, where the next step is, not to the page's top.
  useEffect(() => {
    if (file || !removed.current) return;
    removed.current = false;
    chooseRef.current?.focus();
  }, [file]);

  const openPicker = () => {
    if (!disabled) inputRef.current?.click();
  };
  const take = (files: File[]) => {
    const check = checkDocumentFiles(files);
    if (check.ok) onFile(check.file);
    else onReject(check.message);
  };
  const onChoose = (event: MouseEvent) => {
    // The zone around would open the picker a second time.
    event.stopPropagation();
    openPicker();
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(Array.from(event.dataTransfer.files));
  };

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept="application/pdf,.pdf"
        aria-label={label}
        hidden
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          take(Array.from(event.target.files ?? []));
          // Choosing the same file again after removing it must fire a change.
          event.target.value = '';
        }}
      />
      {file ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50/60 p-4">
          <FileText className="size-8 shrink-0 text-blue-900" aria-hidden="true" />
          <div className="min-w-0 flex-[1_1_12rem]">
            <p className="truncate font-medium text-slate-900">{file.name}</p>
            <p className="text-sm text-slate-600">PDF · {formatFileSize(file.size)}</p>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={openPicker} disabled={disabled}>
              Change file
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                removed.current = true;
                onFile(null);
              }}
              disabled={disabled}
              aria-label={`Remove ${file.name}`}
            >
              <X className="size-4" aria-hidden="true" />
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <div
          onClick={openPicker}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors',
            // Disabled, the zone stops inviting a drop but its words stay readable (WCAG 1.4.3): no fading.
            disabled
              ? 'cursor-not-allowed border-slate-200 bg-slate-50'
              : dragging
                ? 'border-blue-600 bg-blue-50'
                : 'border-slate-300 bg-slate-50 hover:border-blue-400 hover:bg-blue-50/40',
          )}
        >
          <Upload className={cn('size-9', disabled ? 'text-slate-400' : 'text-blue-900')} aria-hidden="true" />
          <p className="font-medium text-slate-900">{dragging ? 'Drop your PDF to add it' : 'Drag and drop your PDF here'}</p>
          <p className="text-sm text-slate-500">or</p>
          <Button ref={chooseRef} variant="outline" size="sm" onClick={onChoose} disabled={disabled} aria-describedby={hintId}>
            Choose File
          </Button>
          <p id={hintId} className="mt-1 text-xs text-slate-500">
            PDF only · one file · up to 10 MB
          </p>
        </div>
      )}
    </div>
  );
}
