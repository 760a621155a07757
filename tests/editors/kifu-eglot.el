;;; kifu-eglot.el --- Drive `kifu lsp' from a real Emacs with eglot, in batch mode.
;; Set up by the README's snippet ($KIFU_SNIPPET, which starts `kifu' from PATH).
;; Opens a PGN file with errors, receives diagnostics (through flymake) and a hover, edits,
;; and sees the diagnostics follow; then shuts the server down as eglot does (`shutdown'
;; with null params, then `exit').  Writes what it saw to $KIFU_OUT, one fact a line.

;; Debian installs eglot as an ELPA package: activate it (-Q skips that).
(require 'package)
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)
(require 'flymake)

(defvar kifu-lines nil)
(defun kifu-say (fmt &rest args) (push (apply #'format fmt args) kifu-lines))
(defun kifu-finish ()
  (with-temp-file (getenv "KIFU_OUT")
    (insert (mapconcat #'identity (reverse kifu-lines) "\n") "\n"))
  (kill-emacs 0))

(defun kifu-wait (predicate seconds)
  "Wait until PREDICATE holds, at most SECONDS; return whether it held."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(load (getenv "KIFU_SNIPPET") nil t)
(setq eglot-send-changes-idle-time 0)

(find-file (getenv "KIFU_FILE"))
(kifu-say "mode %s" major-mode)
;; `eglot-ensure' connects from `post-command-hook'; batch Emacs runs no command loop, so
;; run the hook once as the loop would after the file was opened.
(condition-case err
    (run-hooks 'post-command-hook)
  (error (kifu-say "eglot failed: %S" err) (kifu-finish)))
(unless (kifu-wait (lambda () (eglot-current-server)) 20)
  (kifu-say "no eglot server")
  (kifu-finish))

(defun kifu-count () (length (flymake-diagnostics)))
(unless (kifu-wait (lambda () (> (kifu-count) 0)) 20)
  (kifu-say "no diagnostics")
  (kifu-finish))
(kifu-say "diagnostics %d" (kifu-count))
(dolist (d (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))
  (save-excursion
    (goto-char (flymake-diagnostic-beg d))
    (kifu-say "at %d:%d" (1- (line-number-at-pos)) (current-column))))

(goto-char (point-min))
(forward-line 2)
(forward-char 3)
(let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                              (eglot--TextDocumentPositionParams))))
  (kifu-say "hover %s" (replace-regexp-in-string "\n" " " (plist-get (plist-get hover :contents) :value))))

;; Delete `oh? ' on line 20: one error less.
(goto-char (point-min))
(forward-line 19)
(forward-char 42)
(delete-char 4)
(eglot--signal-textDocument/didChange)
(if (kifu-wait (lambda () (= (kifu-count) 2)) 20)
    (kifu-say "after edit %d" (kifu-count))
  (kifu-say "after edit still %d" (kifu-count)))

(let* ((server (eglot-current-server))
       (process (jsonrpc--process server)))
  (eglot-shutdown server)
  (kifu-wait (lambda () (not (process-live-p process))) 10)
  (kifu-say "server exited %s status %s" (not (process-live-p process)) (process-exit-status process)))
(kifu-finish)
