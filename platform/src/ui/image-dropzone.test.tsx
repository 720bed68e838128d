import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_IMAGE_URL } from '../assets/default-image';
import { UPLOAD_MAX_BYTES } from '../lib/upload-limits';
import { apiMessages } from '@linksite/contract/api-rules';
import { contentProblem } from './image-checks';
import { ImageDropzone } from './image-dropzone';
import { ImageDropzone as LazyImageDropzone } from './lazy-image-dropzone';

/**
 * The first bytes of a real file of each accepted type (the dropzone checks them,
 * docs/decisions/0051-nothing-half-saved.md).
 */
const HEADS: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [...'WEBP'].map((c) => c.charCodeAt(0)),
    ),
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
};

function image(name: string, type: string, size = 4): File {
  const head = HEADS[type] ?? [...'x'.repeat(4)].map((c) => c.charCodeAt(0));
  const file = new File([new Uint8Array(head.concat(Array(Math.max(0, 16 - head.length)).fill(0)))], name, { type });
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A drop event carrying `files`, the way react-dropzone reads it (dataTransfer.files / items). */
async function drop(target: HTMLElement, files: File[]) {
  const dataTransfer = {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: ['Files'],
  };
  await act(async () => {
    fireEvent.drop(target, { dataTransfer });
  });
}

async function choose(input: HTMLElement, files: File[]) {
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

describe('ImageDropzone', () => {
  it('calls onFile with the accepted file (drop and file dialog)', async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    const photo = image('photo.png', 'image/png');
    await drop(screen.getByTestId('image-dropzone'), [photo]);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(photo));
    const other = image('other.webp', 'image/webp');
    await choose(screen.getByTestId('image-dropzone-input'), [other]);
    await waitFor(() => expect(onFile).toHaveBeenLastCalledWith(other));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses other types with the Korean message listing the accepted types', async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    await drop(screen.getByTestId('image-dropzone'), [image('vector.svg', 'image/svg+xml')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '파일 형식은 image/jpeg, image/png, image/webp, image/gif, image/avif 이어야 합니다.',
    );
    expect(onFile).not.toHaveBeenCalled();
  });

  it("refuses a file over the server's limit", async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    await drop(screen.getByTestId('image-dropzone'), [image('huge.jpg', 'image/jpeg', UPLOAD_MAX_BYTES + 1)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('파일이 10MB보다 큽니다.');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('accepts a file of exactly the limit', async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    await drop(screen.getByTestId('image-dropzone'), [image('max.jpg', 'image/jpeg', UPLOAD_MAX_BYTES)]);
    await waitFor(() => expect(onFile).toHaveBeenCalledTimes(1));
  });

  it('refuses several files at once', async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    await drop(screen.getByTestId('image-dropzone'), [image('a.png', 'image/png'), image('b.png', 'image/png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('파일은 하나만 올릴 수 있습니다.');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('ignores .DS_Store and Thumbs.db without a message', async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    const zone = screen.getByTestId('image-dropzone');
    await drop(zone, [image('.DS_Store', ''), image('Thumbs.db', '')]);
    expect(screen.queryByRole('alert')).toBeNull();
    const photo = image('photo.jpg', 'image/jpeg');
    await drop(zone, [image('.DS_Store', ''), photo]);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(photo));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears an earlier rejection once a good file comes', async () => {
    render(<ImageDropzone onFile={() => undefined} />);
    const zone = screen.getByTestId('image-dropzone');
    await drop(zone, [image('notes.txt', 'text/plain')]);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await drop(zone, [image('photo.gif', 'image/gif')]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the preview URL, or the default placeholder', () => {
    const { rerender } = render(<ImageDropzone onFile={() => undefined} />);
    expect(screen.getByTestId('image-dropzone-preview')).toHaveAttribute('src', DEFAULT_IMAGE_URL);
    rerender(<ImageDropzone onFile={() => undefined} previewUrl="https://cdn.example/p.jpg" />);
    const preview = screen.getByTestId('image-dropzone-preview');
    expect(preview).toHaveAttribute('src', 'https://cdn.example/p.jpg');
    fireEvent.error(preview);
    expect(screen.getByTestId('image-dropzone-preview')).toHaveAttribute('src', DEFAULT_IMAGE_URL);
  });

  it('is a focusable button with a Korean label and a focus state; disabled takes it out of the tab order', () => {
    const { rerender } = render(<ImageDropzone onFile={() => undefined} />);
    const zone = screen.getByRole('button', { name: /이미지 파일 선택/ });
    expect(zone).toHaveAttribute('tabindex', '0');
    act(() => zone.focus());
    expect(zone).toHaveAttribute('data-focused', 'true');
    expect(zone).toHaveClass('lk-dropzone--focused');
    rerender(<ImageDropzone onFile={() => undefined} disabled />);
    expect(zone).not.toHaveAttribute('tabindex');
    expect(zone).toHaveAttribute('aria-disabled', 'true');
  });
  it.each([
    ['image/png', 'accept', '놓으면 이 이미지를 사용합니다.'],
    ['text/plain', 'reject', '이 파일은 올릴 수 없습니다.'],
  ])('while dragging a %s file it shows the %s state', async (type, state, text) => {
    render(<ImageDropzone onFile={() => undefined} />);
    const zone = screen.getByTestId('image-dropzone');
    await act(async () => {
      fireEvent.dragEnter(zone, { dataTransfer: { items: [{ kind: 'file', type }], types: ['Files'] } });
    });
    await waitFor(() => expect(zone).toHaveAttribute('data-state', state));
    expect(zone).toHaveClass(`lk-dropzone--${state}`);
    expect(zone).toHaveTextContent(text);
    await act(async () => {
      fireEvent.dragLeave(zone, { dataTransfer: { items: [], types: ['Files'] } });
    });
    await waitFor(() => expect(zone).toHaveAttribute('data-state', 'idle'));
  });

  it("refuses a text file renamed .jpg by its first bytes, with the API's sentence, before onFile (docs/decisions/0051-nothing-half-saved.md)", async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    const fake = new File(['이것은 사진이 아닙니다. just some notes\n'], 'notes.jpg', { type: 'image/jpeg' });
    await drop(screen.getByTestId('image-dropzone'), [fake]);
    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.imageUnreadable);
    expect(onFile).not.toHaveBeenCalled();
  });

  it('refuses an SVG named .png and an empty file, and takes the next real image', async () => {
    const onFile = jest.fn();
    render(<ImageDropzone onFile={onFile} />);
    const zone = screen.getByTestId('image-dropzone');
    await drop(zone, [new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.imageUnreadable);
    await drop(zone, [new File([], 'empty.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(apiMessages.imageEmpty));
    const photo = image('photo.png', 'image/png');
    await drop(zone, [photo]);
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(photo));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onFile).toHaveBeenCalledTimes(1);
  });
});

describe('ImageDropzone as the platform exports it (lazy)', () => {
  it("holds the zone's place while its code loads, then shows the zone", async () => {
    render(<LazyImageDropzone onFile={() => undefined} testId="cover-dropzone" />);
    expect(screen.getByTestId('cover-dropzone-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('cover-dropzone')).toBeInTheDocument();
    expect(screen.queryByTestId('cover-dropzone-loading')).toBeNull();
  });
});

describe('contentProblem', () => {
  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xdb], null],
    ['AVIF', [0, 0, 0, 0x1c, ...'ftypavif'].map((b) => (typeof b === 'string' ? b.charCodeAt(0) : b)), null],
    ['HEIC', [0, 0, 0, 0x18, ...'ftypheic'].map((b) => (typeof b === 'string' ? b.charCodeAt(0) : b)), 'refused'],
    ['BMP', [0x42, 0x4d, 0, 0], 'refused'],
  ])('%s', async (_name, bytes, expected) => {
    const problem = await contentProblem(new File([new Uint8Array(bytes as number[])], 'f', { type: '' }));
    expect(problem === null ? null : 'refused').toBe(expected);
  });
});
