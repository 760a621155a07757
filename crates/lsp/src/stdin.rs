//! Standard input, read on a thread of its own. tokio's `stdin()` makes each read a trip to
//! its blocking pool and then copies what it read, and a pipe gives at most its buffer
//! (64 KiB on Linux) per read: a 10 MB `didOpen` took 25–40 ms to come in, where `cat`
//! takes 7 ms of the same client. Here one thread reads, and reads a message's body
//! straight into the buffer that the server keeps (see [`crate::transport::Input`]):
//! 16–22 ms. (The pieces of a thread that read ahead, copied into the body by the
//! server's task, took 20–26 ms: three threads copying on two cores.)

use std::io::Read;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncBufRead, AsyncRead, ReadBuf};
use tokio::sync::mpsc;

use crate::transport::{Input, MAX_MESSAGE};

/// The most one read for headers takes; a pipe gives what it holds.
const PIECE_BYTES: usize = 64 << 10;

/// What the reader asks of the thread.
enum Ask {
    /// The next bytes, as many as one read gives.
    Piece,
    /// Bytes appended to this buffer until it holds this many, or the input ends.
    Body(Vec<u8>, usize),
}

/// Standard input as tokio reads it, from a thread that reads the process's stdin when
/// asked (so a body is read once, into its own buffer, and nothing is read ahead of it).
pub struct Stdin {
    asks: std::sync::mpsc::Sender<Ask>,
    answers: mpsc::UnboundedReceiver<Vec<u8>>,
    /// Whether a piece was asked for and has not come yet.
    asked: bool,
    /// The piece being read, and how much of it has been.
    piece: Vec<u8>,
    read: usize,
}

impl Stdin {
    /// Starts the thread over the process's stdin.
    pub fn start() -> Stdin {
        Stdin::over(std::io::stdin())
    }

    /// Starts the thread over any blocking `input`. The thread ends at the end of the
    /// input, at a read error (which the server sees as the end), or when this reader is
    /// dropped; blocked in a read, it does not keep the process from exiting.
    pub fn over(mut input: impl Read + Send + 'static) -> Stdin {
        let (asks, asked) = std::sync::mpsc::channel::<Ask>();
        let (answer, answers) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            let mut buffer = vec![0; PIECE_BYTES];
            while let Ok(ask) = asked.recv() {
                let bytes = match ask {
                    Ask::Piece => loop {
                        match input.read(&mut buffer) {
                            Ok(n) => break buffer[..n].to_vec(),
                            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                            Err(_) => break Vec::new(),
                        }
                    },
                    Ask::Body(mut body, length) => {
                        let wanted = (length - body.len()) as u64;
                        // A short body (the input ended) is the reader's to see.
                        let _ = (&mut input).take(wanted).read_to_end(&mut body);
                        body
                    }
                };
                if answer.send(bytes).is_err() {
                    break;
                }
            }
        });
        Stdin {
            asks,
            answers,
            asked: false,
            piece: Vec::new(),
            read: 0,
        }
    }
}

impl AsyncBufRead for Stdin {
    fn poll_fill_buf(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<&[u8]>> {
        let this = self.get_mut();
        if this.read == this.piece.len() {
            if !this.asked {
                // A thread that has ended has sent its last answer.
                let _ = this.asks.send(Ask::Piece);
                this.asked = true;
            }
            match this.answers.poll_recv(cx) {
                // An empty piece is the end of the input.
                Poll::Ready(piece) => {
                    this.asked = false;
                    this.piece = piece.unwrap_or_default();
                    this.read = 0;
                }
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(&this.piece[this.read..]))
    }

    fn consume(self: Pin<&mut Self>, amount: usize) {
        let this = self.get_mut();
        this.read = (this.read + amount).min(this.piece.len());
    }
}

impl AsyncRead for Stdin {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let rest = match self.as_mut().poll_fill_buf(cx) {
            Poll::Ready(Ok(rest)) => rest,
            Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
            Poll::Pending => return Poll::Pending,
        };
        let n = rest.len().min(buf.remaining());
        buf.put_slice(&rest[..n]);
        self.consume(n);
        Poll::Ready(Ok(()))
    }
}

impl Input for Stdin {
    async fn body(&mut self, length: usize) -> Vec<u8> {
        if self.asked {
            // A piece asked for by a read that was given up on: it comes first.
            self.piece = self.answers.recv().await.unwrap_or_default();
            self.read = 0;
            self.asked = false;
        }
        let mut body = Vec::with_capacity(length.min(MAX_MESSAGE as usize));
        let rest = &self.piece[self.read..];
        let n = rest.len().min(length);
        body.extend_from_slice(&rest[..n]);
        self.read += n;
        if body.len() == length {
            return body;
        }
        if self.asks.send(Ask::Body(body, length)).is_err() {
            return Vec::new();
        }
        self.answers.recv().await.unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt};

    use crate::transport::Input;

    /// A reader that gives its bytes a few at a time, as a pipe does.
    struct Trickle(Vec<u8>, usize);

    impl std::io::Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    #[tokio::test]
    async fn every_byte_comes_through_in_order_then_the_end() {
        let bytes: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
        for step in [1, 3, 4096, 65536, 1 << 21] {
            let mut stdin = super::Stdin::over(Trickle(bytes.clone(), step));
            let mut read = Vec::new();
            stdin.read_to_end(&mut read).await.expect("read");
            assert_eq!(read, bytes, "pieces of {step} bytes");
        }
    }

    #[tokio::test]
    async fn a_body_takes_what_was_read_then_the_rest() {
        let mut input = b"Content-Length: 10\r\n\r\n0123456789tail".to_vec();
        input.extend_from_slice(&[b'x'; 200_000]);
        for step in [1, 5, 30, 1 << 20] {
            let mut stdin = super::Stdin::over(Trickle(input.clone(), step));
            let mut header = Vec::new();
            stdin.read_until(b'\n', &mut header).await.expect("read");
            stdin.read_until(b'\n', &mut header).await.expect("read");
            assert_eq!(header, b"Content-Length: 10\r\n\r\n", "pieces of {step}");
            assert_eq!(stdin.body(10).await, b"0123456789", "pieces of {step}");
            assert_eq!(stdin.body(4).await, b"tail", "pieces of {step}");
            let big = stdin.body(200_000).await;
            assert!(big.iter().all(|&b| b == b'x') && big.len() == 200_000);
            // The input has ended: a body comes short, and then nothing.
            assert_eq!(stdin.body(3).await, b"");
            let mut rest = Vec::new();
            stdin.read_to_end(&mut rest).await.expect("read");
            assert!(rest.is_empty());
        }
    }
}
