import { useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import classes from './FileDropZone.module.css';

/** 1536 → "1.5 KB"; sizes as a reader expects them, base 1024. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "论文.DOCX" → "DOCX 文件"; without an extension, the browser's type. */
export function fileKind(file: { name: string; type: string }): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1];
  if (extension) return `${extension.toUpperCase()} 文件`;
  return file.type || '未知类型';
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  id: string;
  /** The accepted formats and size limit, in Chinese ("支持 .doc、.docx，不超过 50 MB"). */
  formats: string;
};

/**
 * One file picker for every upload (docs/product.md#phones): the real <input type="file">
 * lies over a designed zone, so a tap or a click anywhere on it opens the picker, a file
 * can be dropped on it, and it works without JavaScript; the browser's own "Choose File /
 * No file chosen" (in the browser's language) is never shown. With JavaScript the zone
 * names the chosen file, its size and type; without it, it says a file is chosen.
 */
export function FileDropZone({ formats, onChange, ...input }: Props) {
  const [file, setFile] = useState<{
    name: string;
    size: number;
    type: string;
  } | null>(null);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    setFile(chosen ? { name: chosen.name, size: chosen.size, type: chosen.type } : null);
    onChange?.(event);
  };
  return (
    <div className={classes.zone} data-chosen={file ? '' : undefined}>
      <input {...input} type="file" className={classes.input} onChange={change} />
      <div className={classes.face} aria-hidden="true">
        <svg className={classes.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        {file ? (
          <>
            <strong className={classes.name}>{file.name}</strong>
            <span className={classes.detail}>
              {formatFileSize(file.size)} · {fileKind(file)} · 点击可重新选择
            </span>
          </>
        ) : (
          <>
            <strong className={classes.prompt}>点击选择文件，或将文件拖到此处</strong>
            <span className={classes.chosenWithoutScript}>已选择文件，提交时上传</span>
            <span className={classes.detail}>{formats}</span>
          </>
        )}
      </div>
    </div>
  );
}
