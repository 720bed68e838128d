import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FileDropzone, type FileDropzoneProps } from './file-dropzone';
import { FileDropzone as LazyFileDropzone } from './lazy-file-dropzone';

const GZIP = { 'application/gzip': ['.gz', '.tgz'], 'application/x-gzip': ['.gz', '.tgz'] };
const props = (over: Partial<FileDropzoneProps> = {}): FileDropzoneProps => ({
  onFile: () => undefined,
  accept: GZIP,
  acceptLabel: '.tar.gz',
  label: '백업 파일 선택',
  hint: '백업 파일을 끌어다 놓거나, 눌러서 선택하세요.',
  testId: 'backup-zone',
  ...over,
});
const file = (name: string, type = '', size = 3) => {
  const made = new File([new Uint8Array([0x1f, 0x8b, 8])], name, { type });
  if (size !== 3) Object.defineProperty(made, 'size', { value: size });
  return made;
};

async function drop(target: HTMLElement, files: File[]) {
  const dataTransfer = {
    files,
    items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
    types: ['Files'],
  };
  await act(async () => {
    fireEvent.drop(target, { dataTransfer });
  });
}

/**
 * docs/decisions/0078-team-runs-the-site.md: the backup screen's file choice is a Korean drop zone like every other
 * upload, not `Choose File`.
 */
describe('FileDropzone', () => {
  it('takes one archive by drop or by the file dialog, by its extension whatever type the browser gave it', async () => {
    const onFile = jest.fn();
    render(<FileDropzone {...props({ onFile })} />);
    const archive = file('site.tar.gz');
    await drop(screen.getByTestId('backup-zone'), [archive]);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(archive));
    const other = file('other.tar.gz', 'application/gzip');
    await act(async () => {
      fireEvent.change(screen.getByTestId('backup-zone-input'), { target: { files: [other] } });
    });
    await waitFor(() => expect(onFile).toHaveBeenLastCalledWith(other));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses another type, several files and a file over maxSize in Korean, and ignores .DS_Store', async () => {
    const onFile = jest.fn();
    render(<FileDropzone {...props({ onFile, maxSize: 1024 * 1024 })} />);
    const zone = screen.getByTestId('backup-zone');
    await drop(zone, [file('notes.txt', 'text/plain')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('파일 형식은 .tar.gz 이어야 합니다.');
    await drop(zone, [file('a.tar.gz'), file('b.tar.gz')]);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('파일은 하나만 올릴 수 있습니다.'));
    await drop(zone, [file('big.tar.gz', '', 2 * 1024 * 1024)]);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('파일이 1MB보다 큽니다.'));
    expect(onFile).not.toHaveBeenCalled();
    const archive = file('site.tar.gz');
    await drop(zone, [file('.DS_Store'), archive]);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(archive));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is a focusable button named in Korean with the hint, the chosen name and the limits; disabled leaves the tab order', () => {
    const { rerender } = render(<FileDropzone {...props({ limits: '.tar.gz 파일 하나', fileName: 'site.tar.gz' })} />);
    const zone = screen.getByRole('button', { name: '백업 파일 선택' });
    expect(zone).toHaveAttribute('tabindex', '0');
    expect(zone).toHaveClass('lk-dropzone');
    expect(zone).toHaveTextContent('백업 파일을 끌어다 놓거나, 눌러서 선택하세요.site.tar.gz.tar.gz 파일 하나');
    rerender(<FileDropzone {...props({ disabled: true })} />);
    expect(zone).not.toHaveAttribute('tabindex');
    expect(zone).toHaveAttribute('aria-disabled', 'true');
  });

  it('keeps the given test id on its hidden input (browser tests set files on it)', () => {
    render(<FileDropzone {...props({ inputTestId: 'backup-file' })} />);
    expect(screen.getByTestId('backup-file')).toHaveAttribute('type', 'file');
  });

  it('while dragging something it cannot take, says so', async () => {
    render(<FileDropzone {...props()} />);
    const zone = screen.getByTestId('backup-zone');
    await act(async () => {
      fireEvent.dragEnter(zone, { dataTransfer: { items: [{ kind: 'file', type: 'image/png' }], types: ['Files'] } });
    });
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'reject'));
    expect(zone).toHaveTextContent('이 파일은 올릴 수 없습니다.');
  });
});

describe('FileDropzone as the platform exports it (lazy)', () => {
  it("holds the zone's place while its code loads, then shows the zone", async () => {
    render(<LazyFileDropzone {...props()} />);
    expect(screen.getByTestId('backup-zone-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('backup-zone')).toBeInTheDocument();
  });
});
