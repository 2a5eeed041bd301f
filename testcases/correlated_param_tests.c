// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: one parameter tested twice: the begin skipped only when the accesses are
 * check-description: The 6.1 powerpc gpr32_set_common() shape: the region is opened only "if (!kbuf && !user_read_access_begin(u, ...))" and user memory is read only in the else branch of a later "if (kbuf)". A parameter never changes, so no execution skips the begin and then reads through u: the reads are validated and in the open region, and the end under "if (!kbuf)" closes what was opened. So also when the parameter lives in memory because a call takes its address after the last test (6.1's user_regset_copyin_ignore(&pos, &count, &kbuf, &ubuf, ...)); but a call that takes its address between the tests, or an asm that writes it, may change it, and the tests no longer agree. The same code testing another parameter the second time has such a path: the read is outside a region there, and at level 2 its pointer, a parameter of a global function, rests on the callers for the path that skips the check.
 * check-level: 2
 *
 * check-output-start
correlated_param_tests.c:68:17: warning: unsafe_get_user() on 'u' relies on a check in the callers of 'set_regs_other', none of which is in this unit [-Wuaccess-unproven]
correlated_param_tests.c:68:17: warning: unsafe_get_user() is outside an open user-access region on some path [-Wuaccess-region]
correlated_param_tests.c:115:17: warning: unsafe_get_user() on 'u' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
correlated_param_tests.c:109:23: note: this check of the pointer does not cover every path to the access
correlated_param_tests.c:115:17: warning: unsafe_get_user() is outside an open user-access region on some path [-Wuaccess-region]
correlated_param_tests.c:119:9: warning: returns with the user-access region still open [-Wuaccess-region]
correlated_param_tests.c:109:23: note: region opened here
correlated_param_tests.c:138:17: warning: unsafe_get_user() on 'u' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
correlated_param_tests.c:132:23: note: this check of the pointer does not cover every path to the access
correlated_param_tests.c:138:17: warning: unsafe_get_user() is outside an open user-access region on some path [-Wuaccess-region]
correlated_param_tests.c:142:9: warning: returns with the user-access region still open [-Wuaccess-region]
correlated_param_tests.c:132:23: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int set_regs(const void *kbuf, const void __user *ubuf, u32 *regs);
int set_regs(const void *kbuf, const void __user *ubuf, u32 *regs)
{
	const u32 *k = kbuf;
	const u32 __user *u = ubuf;
	u32 reg;

	if (!kbuf && !user_read_access_begin(u, 2 * sizeof(reg)))
		return -EFAULT;
	if (kbuf)
		reg = k[0];
	else
		unsafe_get_user(reg, &u[0], efault);
	regs[0] = reg;
	if (kbuf)
		reg = k[1];
	else
		unsafe_get_user(reg, &u[1], efault);
	regs[1] = reg;
	if (!kbuf)
		user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(set_regs);

int set_regs_other(const void *kbuf, const void *kbuf2, const void __user *ubuf, u32 *regs);
int set_regs_other(const void *kbuf, const void *kbuf2, const void __user *ubuf, u32 *regs)
{
	const u32 *k = kbuf;
	const u32 __user *u = ubuf;
	u32 reg;

	if (!kbuf && !user_read_access_begin(u, sizeof(reg)))
		return -EFAULT;
	if (kbuf2)
		reg = k[0];
	else
		unsafe_get_user(reg, &u[0], efault);
	regs[0] = reg;
	if (!kbuf)
		user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(set_regs_other);

int copyin_ignore(const void **kbuf, const void __user **ubuf);

int set_regs_kept(const void *kbuf, const void __user *ubuf, u32 *regs);
int set_regs_kept(const void *kbuf, const void __user *ubuf, u32 *regs)
{
	const u32 __user *u = ubuf;
	u32 reg;

	if (!kbuf && !user_read_access_begin(u, sizeof(reg)))
		return -EFAULT;
	if (kbuf)
		reg = *(const u32 *)kbuf;
	else
		unsafe_get_user(reg, u, efault);
	regs[0] = reg;
	if (!kbuf)
		user_read_access_end();
	return copyin_ignore(&kbuf, &ubuf);
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(set_regs_kept);

int set_regs_changed(const void *kbuf, const void __user *ubuf, u32 *regs);
int set_regs_changed(const void *kbuf, const void __user *ubuf, u32 *regs)
{
	const u32 __user *u = ubuf;
	u32 reg;

	if (!kbuf && !user_read_access_begin(u, sizeof(reg)))
		return -EFAULT;
	copyin_ignore(&kbuf, &ubuf);
	if (kbuf)
		reg = *(const u32 *)kbuf;
	else
		unsafe_get_user(reg, u, efault);
	regs[0] = reg;
	if (!kbuf)
		user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(set_regs_changed);

int set_regs_asm(const void *kbuf, const void __user *ubuf, u32 *regs);
int set_regs_asm(const void *kbuf, const void __user *ubuf, u32 *regs)
{
	const u32 __user *u = ubuf;
	u32 reg;

	if (!kbuf && !user_read_access_begin(u, sizeof(reg)))
		return -EFAULT;
	asm volatile("" : "+m" (kbuf));
	if (kbuf)
		reg = *(const u32 *)kbuf;
	else
		unsafe_get_user(reg, u, efault);
	regs[0] = reg;
	if (!kbuf)
		user_read_access_end();
	return copyin_ignore(&kbuf, &ubuf);
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(set_regs_asm);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: one parameter tested twice");
