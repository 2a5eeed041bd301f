// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: a hand-written bound below the top of user space
 * check-description: The 7.2 rseq shape: an address read from user memory is refused at or above TASK_SIZE (through a variable, or written in the test) before it is accessed; that test is access_ok() written by hand, so the read is validated, also when the two halves of the test are two ifs that refuse into one place. Reading the four bytes below the address needs the same test to refuse addresses below 4 too, or the subtraction wraps into the kernel's half: without it the read is unchecked; a bound that is not the top of user space validates nothing, nor does a signed test (a kernel address is negative and passes it).
 * check-level: 2
 *
 * check-output-start
scoped_bound_task_size.c:60:17: warning: unsafe_get_user() on 'uc_sig' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_bound_task_size.c:55:9: note: this scope validates only 'ucs', the pointer it names
scoped_bound_task_size.c:122:17: warning: unsafe_get_user() on 'start_ip' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_bound_task_size.c:118:9: note: this scope validates only 'ucs', the pointer it names
scoped_bound_task_size.c:138:17: warning: unsafe_get_user() on 'start_ip' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
scoped_bound_task_size.c:134:9: note: this scope validates only 'ucs', the pointer it names
 * check-output-end
 */
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct v7_cs {
	u64 start_ip;
	u64 abort_ip;
};

int v7_abort_sig(struct v7_cs __user *ucs, u32 sig);
int v7_abort_sig(struct v7_cs __user *ucs, u32 sig)
{
	u64 abort_ip, tasksize = TASK_SIZE;
	u32 __user *uc_sig;
	u32 usig;

	scoped_user_read_access(ucs, efault) {
		unsafe_get_user(abort_ip, &ucs->abort_ip, efault);
		if (unlikely(abort_ip >= tasksize || abort_ip < sizeof(*uc_sig)))
			return -EINVAL;
		uc_sig = (u32 __user *)(unsigned long)(abort_ip - sizeof(*uc_sig));
		unsafe_get_user(usig, uc_sig, efault);
		if (usig != sig)
			return -EPERM;
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_abort_sig);

int v7_abort_sig_no_low(struct v7_cs __user *ucs, u32 sig);
int v7_abort_sig_no_low(struct v7_cs __user *ucs, u32 sig)
{
	u64 abort_ip, tasksize = TASK_SIZE;
	u32 __user *uc_sig;
	u32 usig;

	scoped_user_read_access(ucs, efault) {
		unsafe_get_user(abort_ip, &ucs->abort_ip, efault);
		if (unlikely(abort_ip >= tasksize))
			return -EINVAL;
		uc_sig = (u32 __user *)(unsigned long)(abort_ip - sizeof(*uc_sig));
		unsafe_get_user(usig, uc_sig, efault);
		if (usig != sig)
			return -EPERM;
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_abort_sig_no_low);

int v7_abort_sig_two_ifs(struct v7_cs __user *ucs, u32 sig);
int v7_abort_sig_two_ifs(struct v7_cs __user *ucs, u32 sig)
{
	u64 abort_ip, tasksize = TASK_SIZE;
	u32 __user *uc_sig;
	u32 usig;

	scoped_user_read_access(ucs, efault) {
		unsafe_get_user(abort_ip, &ucs->abort_ip, efault);
		if (abort_ip >= tasksize)
			goto die;
		if (abort_ip < sizeof(*uc_sig))
			goto die;
		uc_sig = (u32 __user *)(unsigned long)(abort_ip - sizeof(*uc_sig));
		unsafe_get_user(usig, uc_sig, efault);
		if (usig != sig)
			goto die;
	}
	return 0;
die:
	return -EINVAL;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_abort_sig_two_ifs);

int v7_start_word(struct v7_cs __user *ucs, u32 *word);
int v7_start_word(struct v7_cs __user *ucs, u32 *word)
{
	u64 start_ip;

	scoped_user_read_access(ucs, efault) {
		unsafe_get_user(start_ip, &ucs->start_ip, efault);
		if (start_ip >= TASK_SIZE)
			return -EINVAL;
		unsafe_get_user(*word, (u32 __user *)(unsigned long)start_ip, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_start_word);

int v7_start_word_unbounded(struct v7_cs __user *ucs, u32 *word);
int v7_start_word_unbounded(struct v7_cs __user *ucs, u32 *word)
{
	u64 start_ip;

	scoped_user_read_access(ucs, efault) {
		unsafe_get_user(start_ip, &ucs->start_ip, efault);
		if (start_ip >= 0x1000000)
			return -EINVAL;
		unsafe_get_user(*word, (u32 __user *)(unsigned long)start_ip, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_start_word_unbounded);
int v7_start_word_signed(struct v7_cs __user *ucs, u32 *word);
int v7_start_word_signed(struct v7_cs __user *ucs, u32 *word)
{
	s64 start_ip;

	scoped_user_read_access(ucs, efault) {
		unsafe_get_user(start_ip, (s64 __user *)&ucs->start_ip, efault);
		if (start_ip >= (s64)TASK_SIZE)
			return -EINVAL;
		unsafe_get_user(*word, (u32 __user *)(unsigned long)start_ip, efault);
	}
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(v7_start_word_signed);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: a hand-written bound below the top of user space");
