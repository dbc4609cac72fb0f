import Workloads
print("bench")
