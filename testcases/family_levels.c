// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __get_user() family: level 0 only for the user's own value
 * check-description: A family member checks nothing, and most are validated calls away, so an unvalidated path is unchecked (level 0) only where the unit shows the pointer is the user's own value: a syscall argument, an ioctl argument, a uapi member made a pointer (u64_to_user_ptr), a pointer read from user memory; a kernel structure's member or a call's result with no check in sight is unproven at level 2, and so is a pointer handed to another call first.
 * check-level: 2
 *
 * check-output-start
family_levels.c:39:16: warning: __put_user() on 'p' is not validated by access_ok() on every path; put_user() checks it [-Wuaccess-unchecked]
family_levels.c:39:16: note: no check of 'p' was found
family_levels.c:46:13: warning: __copy_from_user() on 'arg' is not validated by access_ok() on every path; copy_from_user() checks it [-Wuaccess-unchecked]
family_levels.c:46:13: note: no check of 'arg' was found
family_levels.c:48:16: warning: __clear_user() on 'args.buf' is not validated by access_ok() on every path; clear_user() checks it [-Wuaccess-unchecked]
family_levels.c:48:16: note: no check of 'args.buf' was found
family_levels.c:58:16: warning: __put_user() on 'k->where' has no access_ok() in sight: the pointer is read from 'k->where', and this unit does not show where it was checked; put_user() checks it [-Wuaccess-unproven]
family_levels.c:64:16: warning: __put_user() on 'uc_lookup()' has no access_ok() in sight: the pointer is returned by 'uc_lookup()', and this unit does not show where it was checked; put_user() checks it [-Wuaccess-unproven]
family_levels.c:73:16: warning: __put_user() on 'uargs' has no access_ok() in sight: the pointer is handed to 'uc_prepare()' first, which may check it, and this unit does not show where it was checked; put_user() checks it [-Wuaccess-unproven]
 * check-output-end
 */

#include <linux/fs.h>
#include <linux/module.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

struct uc_args {
	__u64 buf;
	__u32 len;
};

struct uc_kept {
	int __user *where;
};

int __user *uc_lookup(int key);
int uc_prepare(const struct uc_args __user *uargs);

SYSCALL_DEFINE1(uctest_fam_put, int __user *, p)
{
	return __put_user(1, p);
}

static long uc_fam_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct uc_args args;

	if (__copy_from_user(&args, (void __user *)arg, sizeof(args)))
		return -EFAULT;
	return __clear_user(u64_to_user_ptr(args.buf), args.len);
}

static const struct file_operations uc_fam_fops __used = {
	.unlocked_ioctl = uc_fam_ioctl,
};

int uc_fam_kept(struct uc_kept *k);
int uc_fam_kept(struct uc_kept *k)
{
	return __put_user(2, k->where);
}

int uc_fam_lookup(int key);
int uc_fam_lookup(int key)
{
	return __put_user(3, uc_lookup(key));
}

SYSCALL_DEFINE1(uctest_fam_handed, struct uc_args __user *, uargs)
{
	int err = uc_prepare(uargs);

	if (err)
		return err;
	return __put_user(0, &uargs->len);
}

SYSCALL_DEFINE1(uctest_fam_ok, struct uc_args __user *, uargs)
{
	struct uc_args args;

	if (copy_from_user(&args, uargs, sizeof(args)))
		return -EFAULT;
	return __put_user(args.len + 1, &uargs->len);
}

MODULE_LICENSE("GPL");
