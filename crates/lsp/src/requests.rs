//! The requests being answered: their cancellation, and results written without tower-lsp.
//!
//! tower-lsp cancels a request by dropping its future, which only helps while the future
//! waits. Our handlers work synchronously under the document lock, so a cancel could never
//! interrupt them: the stdin filter ([`crate::transport`]), which reads ahead of tower-lsp,
//! marks a request cancelled the moment `$/cancelRequest` arrives, and long handlers call
//! [`check`] between pieces of their work and answer -32800 (request cancelled).
//!
//! tower-lsp also turns every result into a `serde_json::Value` before writing it: 32 bytes
//! for each number of a semantic tokens array, gigabytes for a 100 MB document. A handler can
//! hand over its result as JSON text instead ([`answer_json`]); [`Service`] writes it out
//! itself, through the same [`Output`] as every other message.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use tower_lsp::jsonrpc::{Error, Id, Request, Response, Result};

use crate::idle::Activity;
use crate::transport::{Output, Piece};

tokio::task_local! {
    /// The request whose handler is running.
    static CURRENT: Arc<InFlight>;
}

/// A request being answered.
#[derive(Default)]
pub struct InFlight {
    cancelled: AtomicBool,
    json: Mutex<Option<Piece>>,
}

/// The requests read and not yet answered, by id.
#[derive(Default)]
pub struct Requests {
    in_flight: Mutex<HashMap<Id, Arc<InFlight>>>,
}

impl Requests {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<Id, Arc<InFlight>>> {
        self.in_flight
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// A request came in (before tower-lsp sees it, so that a cancel that follows at once
    /// finds it).
    pub fn received(&self, id: Id) {
        self.map().insert(id, Arc::default());
    }

    /// The client cancelled a request: its handler stops at its next [`check`], or answers
    /// -32800 as soon as it starts.
    pub fn cancel(&self, id: &Id) {
        if let Some(request) = self.map().get(id) {
            request.cancelled.store(true, Ordering::SeqCst);
        }
    }

    fn start(&self, id: &Id) -> Arc<InFlight> {
        Arc::clone(self.map().entry(id.clone()).or_default())
    }
}

/// Forgets a request when its future ends, answered or dropped (tower-lsp drops the futures
/// of requests cancelled before they ran).
struct Finish {
    requests: Arc<Requests>,
    id: Id,
}

impl Drop for Finish {
    fn drop(&mut self) {
        self.requests.map().remove(&self.id);
    }
}

/// Whether the request being answered was cancelled (never, outside a request).
pub fn cancelled() -> bool {
    CURRENT
        .try_with(|request| request.cancelled.load(Ordering::SeqCst))
        .unwrap_or(false)
}

/// `Err(RequestCancelled)` if the request being answered was cancelled.
pub fn check() -> Result<()> {
    if cancelled() {
        Err(Error::request_cancelled())
    } else {
        Ok(())
    }
}

/// Makes `json` the result of the request being answered, written as it is; the handler's
/// own return value is then not sent. `json` is JSON text, or JSON made as it is written
/// ([`Deferred`](crate::transport::Deferred), for a result too large to hold whole).
/// Gives `json` back outside a request.
pub fn answer_json<T: Into<Piece>>(json: T) -> std::result::Result<(), T> {
    match CURRENT.try_with(Arc::clone) {
        Ok(request) => {
            *request.json.lock().unwrap_or_else(PoisonError::into_inner) = Some(json.into());
            Ok(())
        }
        Err(_) => Err(json),
    }
}

/// Wraps tower-lsp's service: runs each request with its [`InFlight`] state, and writes the
/// results given with [`answer_json`].
pub struct Service<S> {
    inner: S,
    requests: Arc<Requests>,
    output: Output,
    activity: Activity,
}

impl<S> Service<S> {
    /// Wraps `inner`.
    pub fn new(inner: S, requests: Arc<Requests>, output: Output) -> Service<S> {
        Service {
            inner,
            requests,
            output,
            activity: Activity::start(),
        }
    }
}

impl<S> tower_service::Service<Request> for Service<S>
where
    S: tower_service::Service<Request, Response = Option<Response>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Option<Response>;
    type Error = S::Error;
    type Future =
        Pin<Box<dyn Future<Output = std::result::Result<Option<Response>, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<std::result::Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let id = request.id().cloned();
        let in_flight = match &id {
            Some(id) => self.requests.start(id),
            None => Arc::default(),
        };
        let finish = id.clone().map(|id| Finish {
            requests: Arc::clone(&self.requests),
            id,
        });
        let future = self.inner.call(request);
        let output = self.output.clone();
        let busy = self.activity.begin();
        Box::pin(async move {
            let _finish = finish;
            let _busy = busy;
            let response = CURRENT.scope(Arc::clone(&in_flight), future).await?;
            let json = in_flight
                .json
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            match (json, id) {
                (Some(json), Some(id)) if response.as_ref().is_some_and(Response::is_ok) => {
                    let head = serde_json::to_vec(&id).map(|id| {
                        let mut head = b"{\"jsonrpc\":\"2.0\",\"id\":".to_vec();
                        head.extend_from_slice(&id);
                        head.extend_from_slice(b",\"result\":");
                        head
                    });
                    match head {
                        Ok(head) => {
                            output.send_pieces(vec![
                                Piece::Bytes(head),
                                json,
                                Piece::Bytes(b"}".to_vec()),
                            ]);
                            Ok(None)
                        }
                        Err(_) => Ok(response),
                    }
                }
                _ => Ok(response),
            }
        })
    }
}
