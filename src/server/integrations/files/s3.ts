import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStore } from './provider';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, R2, …); unset: AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (endpoint/bucket/key), which most S3-compatible stores need. */
  forcePathStyle: boolean;
  /** Keys go under this folder of the bucket. */
  prefix: string;
}

/** The SDK is loaded on first use, so an installation that keeps files on disk never loads it. */
const sdk = () => import('@aws-sdk/client-s3');

/** Files in an S3-compatible bucket, shared by every instance. */
export function s3FileStore(settings: S3Settings): FileStore {
  let client: Promise<S3Client> | undefined;
  const send: S3Client['send'] = async (command: never) => {
    client ??= s3Client(settings);
    return (await client).send(command);
  };
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/${key}` : key;
  };
  return {
    name: 's3',
    async put(key, data, contentType) {
      const { PutObjectCommand } = await sdk();
      await send(new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(key), Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async get(key) {
      const { GetObjectCommand, NoSuchKey } = await sdk();
      try {
        const answer = await send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      const { DeleteObjectCommand } = await sdk();
      await send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },
  };
}

async function s3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys the SDK's own chain (environment, instance role) is used.
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only when the operation needs one, so S3-compatible stores that predate CRC32 headers accept uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}
