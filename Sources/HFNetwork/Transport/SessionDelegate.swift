import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives URLSession callbacks for an `HTTPTransport` and turns each task into one `AttemptOutcome`.
///
/// Bodies are collected in memory up to each task's limit; a larger body (announced or actual) cancels the task.
/// Redirects are refused, so that headers carrying API keys never go to another URL: the 3xx response itself is
/// returned. Invariant behind `@unchecked Sendable`: all mutable state is inside the `Mutex`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// One task in progress.
    private struct Pending {
        /// The waiting caller.
        let continuation: CheckedContinuation<AttemptOutcome, Never>
        /// The body limit in bytes.
        let limit: Int
        /// The response's status, headers (names in lower case) and body so far.
        var status = 0
        var headers: [String: String] = [:]
        var body: [UInt8] = []
        /// Why the task was cut short, if it was.
        var failure: AttemptOutcome.Failure?
    }

    /// Tasks in progress by task identifier.
    private let pending = Mutex<[Int: Pending]>([:])

    // MARK: - Methods

    /// Registers a task before it is resumed.
    func register(_ identifier: Int, limit: Int, continuation: CheckedContinuation<AttemptOutcome, Never>) {
        pending.withLock { $0[identifier] = Pending(continuation: continuation, limit: limit) }
    }

    /// Ends a task that was registered but will not run: resumes its caller with `outcome` (once).
    func finish(_ identifier: Int, with outcome: AttemptOutcome) {
        guard let pending = pending.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        pending.continuation.resume(returning: outcome)
    }

    /// Marks a task as failed with `failure` if it is still running; returns whether it was (then cancel it).
    func fail(_ identifier: Int, with failure: AttemptOutcome.Failure) -> Bool {
        pending.withLock { tasks in
            guard tasks[identifier] != nil, tasks[identifier]?.failure == nil else { return false }
            tasks[identifier]?.failure = failure
            return true
        }
    }

    // MARK: - URLSessionDataDelegate

    /// Records status and headers; cancels at once when the announced length exceeds the limit.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let accept = pending.withLock { tasks -> Bool in
            guard var task = tasks[dataTask.taskIdentifier] else { return false }
            task.status = http?.statusCode ?? 0
            for (name, value) in http?.allHeaderFields ?? [:] {
                if let name = name as? String, let value = value as? String { task.headers[name.lowercased()] = value }
            }
            if response.expectedContentLength > Int64(task.limit) { task.failure = .tooLarge }
            tasks[dataTask.taskIdentifier] = task
            return task.failure == nil
        }
        completionHandler(accept ? .allow : .cancel)
    }

    /// Appends body bytes; cancels when they exceed the limit.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = pending.withLock { tasks -> Bool in
            guard var task = tasks[dataTask.taskIdentifier], task.failure == nil else { return false }
            guard task.body.count + data.count <= task.limit else {
                tasks[dataTask.taskIdentifier]?.failure = .tooLarge
                return true
            }
            tasks[dataTask.taskIdentifier] = nil  // so that the body buffer is uniquely referenced when appended to
            task.body.append(contentsOf: data)
            tasks[dataTask.taskIdentifier] = task
            return false
        }
        if tooLarge { dataTask.cancel() }
    }

    /// Refuses every redirect: the 3xx response becomes the answer.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Resumes the waiting caller with the response or the failure.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let finished = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let outcome: AttemptOutcome
        if let failure = finished.failure {
            outcome = .failed(failure)
        } else if let error {
            outcome = .failed(AttemptOutcome.Failure(error))
        } else {
            outcome = .received(
                NetworkResponse(status: finished.status, headers: finished.headers, body: finished.body))
        }
        finished.continuation.resume(returning: outcome)
    }
}
