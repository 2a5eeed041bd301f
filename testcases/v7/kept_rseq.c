// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a user pointer the kernel keeps, checked where it was stored
 * check-description: The 7.2 rseq shape: the task's registered rseq area, current->rseq.usrptr, was access_ok()ed by rseq(2) when it was stored (plugin/registrations.def names that check), and is written to later with no check in sight. At levels 0 and 1 that is validated; at level 2 it is a distance naming the check and where it is. The table names the bytes the check covers (32 for rseq): at an offset known only at run time the store is unproven (level 2). A copy in a local struct is not what the kernel stored: unchecked. A pointer kept in a structure the table does not list (the CVE-2018-20669 shape: a user pointer from an ioctl's argument block) stays unchecked.
 * check-level: 2
 *
 * check-output-start
kept_rseq.c:35:25: warning: unsafe_put_user() on 't->rseq.usrptr' relies on a check made where the pointer was stored: access_ok(rseq, rseq_len) in rseq_register() in kernel/rseq.c [-Wuaccess-distance]
kept_rseq.c:55:17: warning: unsafe_put_user() on 'args->relocs' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
kept_rseq.c:51:9: note: this scope validates only 'count', the pointer it names
kept_rseq.c:72:17: warning: unsafe_put_user() on 't->rseq.usrptr' is not proven to stay within the checked range [-Wuaccess-unproven]
kept_rseq.c:72:17: note: checked where the pointer was stored, for 32 bytes: access_ok(rseq, rseq_len) in rseq_register() in kernel/rseq.c
kept_rseq.c:89:17: warning: unsafe_put_user() on 'rd.usrptr' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
kept_rseq.c:85:9: note: this scope validates only 'ucs', the pointer it names
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/rseq.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int v7_clear_rseq_cs(struct rseq_cs __user *ucs, u64 ip);
int v7_clear_rseq_cs(struct rseq_cs __user *ucs, u64 ip)
{
	struct task_struct *t = current;

	scoped_user_rw_access(ucs, efault) {
		u64 start_ip;

		unsafe_get_user(start_ip, &ucs->start_ip, efault);
		if (ip < start_ip)
			unsafe_put_user(0ULL, &t->rseq.usrptr->rseq_cs, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_clear_rseq_cs);

struct v7_reloc_args {
	u64 __user *relocs;
	u64 value;
};

int v7_write_reloc(struct v7_reloc_args *args, u32 __user *count);
int v7_write_reloc(struct v7_reloc_args *args, u32 __user *count)
{
	scoped_user_rw_access(count, efault) {
		u32 n;

		unsafe_get_user(n, count, efault);
		unsafe_put_user(args->value, args->relocs, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_write_reloc);

int v7_clear_rseq_at(struct rseq_cs __user *ucs, unsigned long off);
int v7_clear_rseq_at(struct rseq_cs __user *ucs, unsigned long off)
{
	struct task_struct *t = current;

	scoped_user_rw_access(ucs, efault) {
		u64 start_ip;

		unsafe_get_user(start_ip, &ucs->start_ip, efault);
		unsafe_put_user(start_ip, (u64 __user *)((char __user *)t->rseq.usrptr + off), efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_clear_rseq_at);

int v7_clear_rseq_copy(struct rseq_cs __user *ucs, struct rseq __user *area);
int v7_clear_rseq_copy(struct rseq_cs __user *ucs, struct rseq __user *area)
{
	struct rseq_data rd = { .usrptr = area };

	scoped_user_rw_access(ucs, efault) {
		u64 start_ip;

		unsafe_get_user(start_ip, &ucs->start_ip, efault);
		unsafe_put_user(0ULL, &rd.usrptr->rseq_cs, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_clear_rseq_copy);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a user pointer the kernel keeps");
