;;; eglot-test.el --- drives Emacs with eglot in batch mode, as a user would  -*- lexical-binding: t -*-

;; Loaded after a README configuration (the init file) by editors.sh: visit the Swift file, let eglot connect,
;; wait for flowlint's finding in Flymake, run `eglot-code-actions' on it and pick an action by title (the
;; `completing-read' the menu goes through picks it), wait for the finding to be gone, save and shut the server
;; down. Exits 0 when every step happened, 1 when one did not (its line on standard output says which);
;; editors.sh checks the file afterwards.
;;
;; From the environment: EDITOR_TEST_FILE (the file to visit), EDITOR_TEST_RULE (the rule id expected),
;; EDITOR_TEST_LINE (its line, from 1), EDITOR_TEST_ACTION (text in the title of the action to pick),
;; EDITOR_TEST_WAIT_MS (how long each wait may take), EDITOR_TEST_CAPABILITY (optional: a server capability that
;; must be offered, such as one only another server behind a multiplexer has).
;;
;; Batch mode has no command loop: `editors-test-wait' runs what the loop would between commands (timers,
;; process output, `post-command-hook', which starts eglot and Flymake) while it polls.

(require 'cl-lib)
(require 'eglot)
(require 'flymake)

(defvar editors-test-rule (getenv "EDITOR_TEST_RULE"))
(defvar editors-test-line (string-to-number (or (getenv "EDITOR_TEST_LINE") "0")))
(defvar editors-test-action (getenv "EDITOR_TEST_ACTION"))
(defvar editors-test-capability (getenv "EDITOR_TEST_CAPABILITY"))
(defvar editors-test-wait (/ (string-to-number (or (getenv "EDITOR_TEST_WAIT_MS") "30000")) 1000.0))

(defun editors-test-say (format-string &rest args)
  (princ (concat "emacs: " (apply #'format format-string args) "\n")))

(defvar editors-test-server nil "The eglot server of the file, once connected.")

(defun editors-test-fail (format-string &rest args)
  (editors-test-say "FAILED: %s" (apply #'format format-string args))
  ;; What the server said, for the reason: its process status and standard error, and the last messages.
  (when editors-test-server
    (let ((process (jsonrpc--process editors-test-server)))
      (editors-test-say "server process: %s %s" (process-status process) (process-exit-status process))
      (dolist (buffer (list (jsonrpc-stderr-buffer editors-test-server) (jsonrpc-events-buffer editors-test-server)))
        (when (buffer-live-p buffer)
          (with-current-buffer buffer
            (princ (format "--- %s (end)\n%s\n" (buffer-name)
                           (buffer-substring-no-properties (max (point-min) (- (point-max) 3000)) (point-max)))))))))
  (kill-emacs 1))

(defun editors-test-wait (predicate)
  "Polls PREDICATE for up to `editors-test-wait' seconds, doing the command loop's work between polls: its
hooks, process output and timers, and the idle timers (eglot sends didChange from one), as for a user who has
stopped typing. Returns the first non-nil value of PREDICATE, or nil."
  (let ((deadline (+ (float-time) editors-test-wait))
        value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (run-hooks 'post-command-hook)
      (accept-process-output nil 0.05)
      (mapc #'timer-event-handler (copy-sequence timer-idle-list)))
    value))

(defun editors-test-findings ()
  "Flymake's diagnostics in the buffer that eglot has from flowlint for the rule, as (LINE . DIAGNOSTIC)."
  (cl-loop for diagnostic in (flymake-diagnostics)
           for lsp = (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data diagnostic)))
           when (and lsp (equal (plist-get lsp :code) editors-test-rule)
                     (equal (plist-get lsp :source) "flowlint"))
           collect (cons (line-number-at-pos (flymake-diagnostic-beg diagnostic)) diagnostic)))

(defun editors-test-describe ()
  (if (flymake-diagnostics)
      (mapconcat (lambda (diagnostic)
                   (format "%d: %s" (line-number-at-pos (flymake-diagnostic-beg diagnostic))
                           (flymake-diagnostic-text diagnostic)))
                 (flymake-diagnostics) "; ")
    "none"))

(defun editors-test-run ()
  (editors-test-say "Emacs %s, eglot from %s" emacs-version (locate-library "eglot"))
  (find-file (getenv "EDITOR_TEST_FILE"))
  (editors-test-say "visiting %s in %s" (file-name-nondirectory buffer-file-name) major-mode)
  (let ((finding (editors-test-wait
                  (lambda () (cdr (assq editors-test-line (editors-test-findings)))))))
    (unless finding
      (editors-test-fail "no %s finding at line %d within %s s (Flymake: %s; eglot: %s)"
                         editors-test-rule editors-test-line editors-test-wait (editors-test-describe)
                         (if (eglot-current-server) "connected" "not connected")))
    (setq editors-test-server (eglot-current-server))
    (editors-test-say "%s reported at line %d" editors-test-rule editors-test-line)
    (goto-char (flymake-diagnostic-beg finding)))
  (when editors-test-capability
    (unless (eglot--server-capable (intern (concat ":" editors-test-capability)))
      (editors-test-fail "the server does not offer %s" editors-test-capability))
    (editors-test-say "the server offers %s" editors-test-capability))
  ;; The menu of code actions: take the one whose title has the wanted text, as a user picking it would.
  ;; A non-list `last-nonmenu-event' is what a key press leaves: eglot then asks with `completing-read'.
  (let* ((offered nil)
         (picked nil)
         (last-nonmenu-event ?\r))
    (cl-letf (((symbol-function 'completing-read)
               (lambda (_prompt collection &rest _)
                 (setq offered (mapcar #'car collection))
                 (setq picked (cl-find-if (lambda (title) (string-search editors-test-action title)) offered))
                 (or picked ""))))
      (condition-case err
          (call-interactively #'eglot-code-actions)
        (error (editors-test-fail "eglot-code-actions: %s" (error-message-string err)))))
    (unless picked
      (editors-test-fail "no action titled \"%s\" among: %s" editors-test-action
                         (mapconcat #'identity offered " | ")))
    (editors-test-say "applied \"%s\" (offered: %s)" picked (mapconcat #'identity offered " | ")))
  ;; The server lints the edited text again and publishes findings without this one.
  (unless (editors-test-wait (lambda () (null (editors-test-findings))))
    (editors-test-fail "the finding is still reported %s s after the edit (Flymake: %s)"
                       editors-test-wait (editors-test-describe)))
  (editors-test-say "the finding is gone after the edit")
  (save-buffer)
  (editors-test-say "wrote %s" (file-name-nondirectory buffer-file-name))
  ;; What `eglot-shutdown' sends, then the end of the server's input, and a wait for it to exit by itself (Emacs
  ;; 28's jsonrpc kills it straight after `exit'; a multiplexer waits for the end of its input).
  (let* ((server (eglot-current-server))
         (process (jsonrpc--process server)))
    (setf (eglot--shutdown-requested server) t)
    (jsonrpc-request server :shutdown nil :timeout editors-test-wait)
    (jsonrpc-notify server :exit nil)
    (ignore-errors (process-send-eof process))  ; fails when the server has exited already, as flowlint does
    (unless (editors-test-wait (lambda () (not (process-live-p process))))
      (editors-test-fail "the server still runs %s s after shutdown and exit" editors-test-wait))
    (unless (zerop (process-exit-status process))
      (editors-test-fail "the server exited with status %d after shutdown and exit" (process-exit-status process)))
    (editors-test-say "the server exited with status 0 after shutdown and exit"))
  (kill-emacs 0))

(condition-case err
    (editors-test-run)
  (error (editors-test-fail "error: %s" (error-message-string err))))
